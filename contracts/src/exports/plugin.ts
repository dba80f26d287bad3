import '../zodConfig.js'
/** `@portico/contracts/plugin`: the plugin contract (definePlugin, adapters, connectors, hooks, extension points). */
export * from '../plugin/index.js'
