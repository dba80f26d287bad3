// Conformance kits: reusable vitest suites that every Portico adapter, connector and plugin runs, and that
// third-party authors run against theirs.
export { describeChainAdapter, type ChainAdapterFixture, type DescribeChainAdapterOptions } from './chainAdapter.js'
export { describeConnector, type ConnectorFixture } from './connector.js'
export { describePlugin, type DescribePluginOptions } from './plugin.js'
