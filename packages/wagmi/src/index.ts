export { createPorticoWagmiConfig, type CreatePorticoWagmiConfigParameters } from './config.js'
export { porticoConnector, type PorticoConnectorParameters, type PorticoKernel } from './connector.js'
export { readEip155Connection, watchEip155Connection, type Eip155Connection } from './eip155.js'
export { createPorticoEip1193Provider, getActiveEip1193Provider } from './provider.js'
