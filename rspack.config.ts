/**
 * Build configurations: every plugin as a Module Federation remote, the demo host as a plain app that loads
 * them, and the bundled host, a plain app with the evm, injected, connect and account plugins in its own bundle.
 *
 * `scripts/build.ts` drives these through the rspack JS API (and writes the plugin manifest); the default export
 * also works with the rspack CLI (`rspack build -c rspack.config.ts`).
 *
 * - A remote exposes `./plugin` (the plugin factory, `src/plugin.ts`) and shares React and the kernel as
 *   singletons that it never bundles (`import: false`): the host's kernel provides them when it creates the
 *   federation runtime. Its configuration is @portico/plugin-build's (`remoteConfig`), the same outside the
 *   repository.
 * - The host has no ModuleFederationPlugin: the kernel starts the federation runtime lazily, on the first remote
 *   plugin load, so a page that never opens the modal never downloads it.
 * - Production mode without eval: the demo runs under a CSP without `unsafe-eval`.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { rspack, type Configuration } from '@rspack/core'
import { CompileHintsPlugin, commonConfig, remoteConfig } from './packages/plugin-build/src/remoteConfig.ts'
import { BUNDLED_DIR, BUNDLED_SRC, CDN_DIR, DEMO_DIR, DEMO_SRC, ROOT, WAGMI_DIR, WAGMI_SRC, discoverPlugins, type PluginPackage } from './scripts/lib/workspace.ts'

// The remote build (sharing rules, prelude, output) is @portico/plugin-build's: one way to build a plugin, inside
// this repository and outside it.
export { REMOTE_PRELUDE, SHARED_SINGLETONS } from './packages/plugin-build/src/remoteConfig.ts'

/** The bundles of this repository resolve workspace packages to their TypeScript sources: no `tsc` output needed. */
function common(): Configuration {
  return commonConfig({ source: true })
}

export type RemoteBuildOptions = {
  /**
   * Leave the federation runtime core out of the remote and use the host's (`globalThis._FEDERATION_RUNTIME_CORE`,
   * which the host must set before it loads a remote). About 19 KB gzipped less per remote.
   */
  externalRuntime?: boolean
}

/**
 * Whether remotes are built with `externalRuntime` (default; the kernel provides the runtime core). Set
 * `PORTICO_MF_EXTERNAL_RUNTIME=0` to bundle the runtime into every remote, for hosts without the kernel's loader.
 */
export const externalRuntimeFromEnv = () => !['0', 'false'].includes(process.env.PORTICO_MF_EXTERNAL_RUNTIME ?? '')

/**
 * One plugin as a federated remote in `<outRoot>/<name>/` (for the rspack CLI; `npm run build` goes through
 * @portico/plugin-build's `preparePlugins`, which also versions the output folder and writes the manifest).
 */
export function pluginConfig(
  plugin: Pick<PluginPackage, 'name' | 'entry'>,
  outRoot = CDN_DIR,
  remote: RemoteBuildOptions = { externalRuntime: externalRuntimeFromEnv() },
): Configuration {
  return remoteConfig(
    { name: plugin.name, dir: join(plugin.entry, '../..'), entry: plugin.entry },
    { outputPath: join(outRoot, plugin.name), externalRuntime: remote.externalRuntime ?? false, source: true },
  )
}

export type DemoDefaults = {
  manifestUrl: string
  api: string
  relay: string
  frame: string
  rpc: Record<string, string>
  features: string[]
}

/** The Portico Dev Wallet's browser entry (EIP-6963 test wallet), served as `/dev-wallet.js` beside the demo. */
export const DEV_WALLET_ENTRY = join(ROOT, 'tests/wallets/evm/browser.ts')
export const DEV_WALLET_FILE = 'dev-wallet.js'

/**
 * Build-time switches the federation runtime reads (`@module-federation/runtime-core` and `sdk` test these globals):
 * the host registers remotes by their `remoteEntry.js` URL, never by an `mf-manifest.json`, so the snapshot and
 * asset-preload plugins it would install on every load never do anything here; and it runs in a browser, so the
 * Node script loaders are dead code. Defined, both leave the loader's chunk, which the first open downloads, compiles
 * and runs before any remote.
 */
export const FEDERATION_RUNTIME_DEFINES: Record<string, string> = {
  FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true',
  ENV_TARGET: JSON.stringify('web'),
}

type AppHostOptions = {
  name: string
  /** The host's folder: `index.html` and `src/index.tsx`. */
  src: string
  outDir: string
  uniqueName: string
  /** Globals the page reads its build-time defaults from. */
  define: Record<string, string>
}

/**
 * A host page as a plain app (no federation): its entry bundling React, the kernel and whatever else it imports,
 * with React in its own chunk. The Dev Wallet is a separate entry that the page does not reference: only the dev
 * and test servers add its script tag.
 */
function appHostConfig(host: AppHostOptions): Configuration {
  const base = common()
  const withDevWallet = existsSync(DEV_WALLET_ENTRY)
  return {
    ...base,
    name: host.name,
    context: host.src,
    entry: { main: join(host.src, 'src/index.tsx'), ...(withDevWallet ? { devwallet: DEV_WALLET_ENTRY } : {}) },
    output: {
      path: host.outDir,
      publicPath: '/',
      uniqueName: host.uniqueName,
      filename: (data) => (data.chunk?.name === 'devwallet' ? DEV_WALLET_FILE : '[name].[contenthash:8].js'),
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      crossOriginLoading: 'anonymous',
      clean: true,
    },
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          default: false,
          defaultVendors: false,
          react: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            name: 'react',
            chunks: 'initial',
            priority: 20,
            enforce: true,
          },
          // The modal's React shell and UI kit, once: without this group every lazy chunk that renders part of it
          // (the shell, a bundled plugin's view, the kernel shared with remotes) carried its own copy of the kit.
          porticoUi: {
            test: /[\\/]kernel[\\/]src[\\/]react[\\/]/,
            name: 'portico-ui',
            chunks: 'async',
            minSize: 0,
            priority: 10,
            enforce: true,
          },
        },
      },
    },
    plugins: [
      new rspack.DefinePlugin({ ...FEDERATION_RUNTIME_DEFINES, ...host.define }),
      // the page's code and the modal's lazy chunks run as soon as they load: compiled eagerly, off the main thread
      new CompileHintsPlugin((chunk) => chunk.name !== 'devwallet'),
      new rspack.HtmlRspackPlugin({
        template: join(host.src, 'index.html'),
        chunks: ['main'],
        scriptLoading: 'defer',
        inject: 'head',
      }),
    ],
  }
}

/** The demo host: the kernel bundled, every plugin loaded at runtime from the plugin CDN (federation). */
export function demoConfig(defaults: DemoDefaults, outDir = DEMO_DIR): Configuration {
  return appHostConfig({
    name: 'demo',
    src: DEMO_SRC,
    outDir,
    uniqueName: 'portico_demo',
    define: { __PORTICO_DEMO_DEFAULTS__: JSON.stringify(defaults) },
  })
}

/** What the bundled host reads at build time (the stack's meta tag overrides it at serve time). */
export type BundledDefaults = Pick<DemoDefaults, 'api' | 'relay' | 'frame' | 'rpc'>

/**
 * The bundled host: the kernel with the evm, injected, connect and account plugins imported into its own bundle
 * (`createKernel({ plugins: [...] })`), no plugin CDN and no federation; React in its own chunk as in the demo.
 */
export function bundledHostConfig(defaults: BundledDefaults, outDir = BUNDLED_DIR): Configuration {
  return appHostConfig({
    name: 'bundled',
    src: BUNDLED_SRC,
    outDir,
    uniqueName: 'portico_bundled',
    define: { __PORTICO_BUNDLED_DEFAULTS__: JSON.stringify(defaults) },
  })
}

/**
 * The wagmi example: a wagmi app (WagmiProvider, QueryClientProvider, hooks) with the kernel and the bundled
 * plugins, wagmi following the kernel through @portico/wagmi; built like the bundled host.
 */
export function wagmiExampleConfig(defaults: BundledDefaults, outDir = WAGMI_DIR): Configuration {
  return appHostConfig({
    name: 'wagmi',
    src: WAGMI_SRC,
    outDir,
    uniqueName: 'portico_wagmi',
    define: { __PORTICO_WAGMI_DEFAULTS__: JSON.stringify(defaults) },
  })
}

/** Every existing plugin as a remote, then the demo host, the bundled host and the wagmi example with the default ports. */
export default function configs(): Configuration[] {
  const { plugins } = discoverPlugins()
  return [
    ...plugins.map((p) => pluginConfig(p)),
    demoConfig({
      manifestUrl: 'http://localhost:4301/manifest.json',
      api: 'http://localhost:4310',
      relay: 'ws://localhost:4330',
      frame: 'http://localhost:4320',
      rpc: { '31337': 'http://localhost:8545', '31338': 'http://localhost:8546' },
      features: ['connect', 'account'],
    }),
    ...(existsSync(join(BUNDLED_SRC, 'src/index.tsx'))
      ? [
          bundledHostConfig({
            api: 'http://localhost:4310',
            relay: 'ws://localhost:4330',
            frame: 'http://localhost:4320',
            rpc: { '31337': 'http://localhost:8545', '31338': 'http://localhost:8546' },
          }),
        ]
      : []),
    ...(existsSync(join(WAGMI_SRC, 'src/index.tsx'))
      ? [
          wagmiExampleConfig({
            api: 'http://localhost:4310',
            relay: 'ws://localhost:4330',
            frame: 'http://localhost:4320',
            rpc: { '31337': 'http://localhost:8545', '31338': 'http://localhost:8546' },
          }),
        ]
      : []),
  ]
}
