// One chunk for the federation runtime and the plugin that hands its core to remotes, so the two imports share
// one copy of the runtime core instead of each async chunk carrying its own.
export { createInstance } from '@module-federation/enhanced/runtime'
export { default as injectExternalRuntimeCore } from '@module-federation/inject-external-runtime-core-plugin'
