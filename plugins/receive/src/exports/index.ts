export { default, receive, receiveFeature } from '../plugin.js'
export { receivableNetworks, selectReceivableTokens, type ReceivableToken } from '../receivable.js'
export { qrPath, type QrPath } from '../views/qrMatrix.js'
export { receiveMessages } from '../messages.js'
