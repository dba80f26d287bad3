export { getPorticoSigner, getPorticoWeb3Provider, watchPorticoEthers5, type PorticoEthers5State } from './provider.js'
export { NotConnectedError, readEip155Connection, type Eip155Connection, type PorticoKernel } from './connection.js'
