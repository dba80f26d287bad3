/** Public surface of the Portico reference API service. */
export { createApiServer, type ApiServer } from './server.js'
export {
  type ApiServerOptions,
  type ChainConfig,
  type TokenConfig,
  type ProjectConfig,
  type Logger,
  type Prices,
  DEFAULT_API_PORT,
  DEFAULT_CHAINS,
  DEV_PROJECT_ID,
  DEV_PROJECT_ORIGINS,
  consoleLogger,
  silentLogger,
  caipNetworkId,
} from './config.js'
export { optionsFromEnv, parseChainList, ConfigFileSchema } from './env.js'
export { openDatabase, openPglite, openPostgres, runMigrations, migrations, type Database, type Queryable } from './db/index.js'
export { Indexer, type ChainIndexStatus, type IndexerOptions } from './indexer.js'
export { WalletRegistry } from './registry/registry.js'
export { WALLET_CATALOG, syntheticWallets } from './registry/catalog.js'
export { monogramSvg } from './registry/images.js'
export { DataStore } from './store.js'
export { ProjectService, type Project } from './projects.js'
