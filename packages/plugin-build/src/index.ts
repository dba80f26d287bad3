// @portico/plugin-build: turn a Portico plugin package into a federated remote and its manifest entry.
export {
  buildPlugin,
  buildPlugins,
  contractsFor,
  finishPlugin,
  normalizePublicUrl,
  preparePlugins,
  readPluginPackage,
  runRspack,
  type BuildPluginsOptions,
  type BuildPluginsResult,
  type BuiltPlugin,
  type FinishOptions,
  type PluginPackage,
  type PluginTarget,
  type PrepareOptions,
  type PreparedPlugin,
  type RemoteStats,
} from './build.js'
export { BUNDLES_DIR, bundleMembers, finishBundle, prepareBundle, type BuiltBundle, type BundleRef, type PreparedBundle } from './bundle.js'
export { main, USAGE } from './cli.js'
export { readPluginDefinitions, PLUGIN_TSCONFIG, type DefinitionSource, type PluginMetadata, type ReadDefinitionsOptions } from './definitions.js'
export { buildVersion, contentHash, listFiles, publishFolder } from './files.js'
export { readManifestEntries, writeManifestFile, type ManifestEntries } from './manifestFile.js'
export { kernelRange, manifestMetadata, sri, type ManifestMetadata, type PackageDeps } from './metadata.js'
export { prune, type PruneOptions, type PruneResult } from './prune.js'
export { BUNDLE_CHUNK, bundleConfig, commonConfig, COMPILE_HINT, CompileHintsPlugin, REMOTE_ENTRY, REMOTE_PRELUDE, remoteConfig, remoteName, SHARED_SINGLETONS, swcRule, type RemoteConfigOptions } from './remoteConfig.js'
export { findPackageDir, packageVersion, resolveExport } from './resolve.js'
