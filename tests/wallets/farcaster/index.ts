export { approveChannel, parseConnectUrl, type ApproveOptions, type ApproveResult, type FarcasterConnectUrl } from './client.js'
