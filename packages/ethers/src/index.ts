export { getPorticoBrowserProvider, getPorticoSigner, watchPorticoEthers, type PorticoEthersState } from './provider.js'
export { NotConnectedError, readEip155Connection, type Eip155Connection, type PorticoKernel } from './connection.js'
