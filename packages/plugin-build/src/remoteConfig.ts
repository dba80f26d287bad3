/**
 * The rspack configuration of a plugin remote: one plugin package as a Module Federation container exposing
 * `./plugin` (its `src/plugin.ts` factory), with the sharing rules every Portico host expects.
 *
 * - React, the kernel and the kernel's icons are shared singletons the remote never bundles (`import: false`):
 *   the host's kernel provides them when it creates the federation runtime.
 * - Before the plugin module, `@portico/contracts/zod-config` turns zod's compiler off, so the remote's own zod
 *   never probes `eval` (hosts run under a CSP without `unsafe-eval`).
 * - Production mode, no eval, source maps, content-hashed chunks with sha384 subresource integrity.
 */
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core'
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack'

/**
 * Modules the host always provides to remotes; a remote never bundles its own copy. These hold state a plugin
 * must share with the host (React, and the kernel with its store contexts and hooks), and the kernel's icons, which
 * most views use, so the remotes of one page load them once. `@portico/contracts`, `zod` and Redux Toolkit are
 * stateless for a plugin (a slice is plain functions; plugins read the store through the kernel's hooks), so each
 * remote bundles just the parts it uses instead of the host shipping whole namespaces.
 */
export const SHARED_SINGLETONS = ['react', 'react/jsx-runtime', 'react-dom', '@portico/kernel', '@portico/kernel/icons'] as const

/** Runs before a remote's plugin module: zod's compiler off, so its own zod copy never probes `eval` (strict CSP). */
export const REMOTE_PRELUDE = '@portico/contracts/zod-config'

/** The federation container name of a plugin: `portico_<name with - as _>` (the kernel loads it by that name). */
export function remoteName(name: string): string {
  return `portico_${name.replace(/-/g, '_')}`
}

/** The chunk of a remote's `./plugin` module (what its set-up runs): kept whole, see `splitChunks` below. */
const PLUGIN_CHUNK = 'plugin'

/** V8's explicit compile hint: every function of the file is compiled eagerly, off the main thread while it streams. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * Marks the chunks whose code runs as soon as they load (a remote's entry and its `./plugin` set-up, a host's first
 * open path) with V8's explicit compile hint. Without it V8 pre-parses each function, then parses and compiles it
 * again on the main thread when it is first called, which is most of the main thread's time on a first open.
 * After minification (the comment would be dropped) and before the integrity hashes are computed.
 */
export class CompileHintsPlugin {
  constructor(private readonly hot: (chunk: { name?: string | undefined; hasRuntime(): boolean }) => boolean) {}
  apply(compiler: import('@rspack/core').Compiler) {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('PorticoCompileHints', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PorticoCompileHints', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1 }, () => {
        for (const chunk of compilation.chunks) {
          if (!this.hot(chunk)) continue
          for (const file of chunk.files) {
            if (!file.endsWith('.js')) continue
            compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source))
          }
        }
      })
    })
  }
}

/** The file every remote's container is in, inside its build folder. */
export const REMOTE_ENTRY = 'remoteEntry.js'

/** TypeScript and JSX through rspack's SWC loader (React's automatic runtime), for the plugin and its imports. */
export const swcRule: RuleSetRule = {
  test: /\.[cm]?tsx?$/,
  // @scure/base 2.x (under @scure/btc-signer) ships its TypeScript beside the JS, and `extensionAlias` below picks
  // the .ts: that one package is transpiled too
  exclude: /^(?!.*node_modules[\\/]@scure[\\/]base[\\/]).*node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
  },
  type: 'javascript/auto',
}

/**
 * What every Portico bundle shares: production mode for modern browsers, source maps, TypeScript sources with
 * NodeNext-style `./x.js` specifiers. `source`: resolve packages through their `source` export condition (their
 * TypeScript sources, as inside the Portico repository); otherwise their published `dist`.
 *
 * @example
 * const config = { ...commonConfig({ source: false }), entry: './src/index.ts' }
 */
export function commonConfig(options: { source?: boolean } = {}): Configuration {
  return {
    mode: 'production',
    target: ['web', 'es2022'],
    devtool: 'source-map',
    performance: false,
    module: { rules: [swcRule, { test: /\.css$/, type: 'css/auto' }] },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // sources use NodeNext-style `./x.js` specifiers for `./x.ts`
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      conditionNames: [...(options.source ? ['source'] : []), 'browser', 'import', 'module', 'default'],
    },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  }
}

export type RemoteConfigOptions = {
  /** Where rspack writes the remote (a fresh folder: the build moves it to its versioned path afterwards). */
  outputPath: string
  /**
   * Leave the federation runtime core out of the remote and use the host's (`globalThis._FEDERATION_RUNTIME_CORE`,
   * which the Portico kernel sets before it loads a remote). About 19 KB gzipped less per remote. Default: true.
   */
  externalRuntime?: boolean
  /** Resolve packages through their `source` export condition (inside the Portico repository). Default: false. */
  source?: boolean
  /**
   * `classic` (default): a plain container (`init`/`get` on a global, rspack's ModuleFederationPluginV1) that
   * consumes the host's share scope; about 4 KB gzipped smaller per remote than `enhanced`, which carries the
   * enhanced bundler runtime (and, without `externalRuntime`, the runtime core). Both load in the kernel's
   * federation runtime and in any Module Federation host.
   */
  container?: 'classic' | 'enhanced'
}

/**
 * One plugin as a federated remote: `<outputPath>/remoteEntry.js` exposing `./plugin`, content-hashed chunks
 * beside it. Nothing is cleaned: the output folder is new for every build.
 *
 * @example
 * const config = remoteConfig({ name: 'hello', dir: '/work/hello', entry: '/work/hello/src/plugin.ts' }, { outputPath: '/tmp/out' })
 */
export function remoteConfig(plugin: { name: string; dir: string; entry: string }, options: RemoteConfigOptions): Configuration {
  return containerConfig({ name: plugin.name, container: remoteName(plugin.name), context: plugin.dir, exposes: { './plugin': plugin.entry }, setupChunk: PLUGIN_CHUNK }, options)
}

/** The chunk of a bundle's exposed modules (every member's set-up): one file, see `containerConfig`. */
export const BUNDLE_CHUNK = 'bundle'

/**
 * Several plugins in one container (a bundle, `./<plugin>` exposing each plugin's `src/plugin.ts`): the plugins a
 * page loads together on its first open come as one entry and one chunk, with the code they share (zod, the
 * contracts) and the container runtime once instead of once per plugin. Their own remotes are built as always; the
 * manifest lists the bundle beside them (see bundle.ts).
 *
 * @example
 * const config = bundleConfig('portico_bundle_1a2b3c4d', [{ name: 'hello', dir: '/work/hello', entry: '/work/hello/src/plugin.ts' }], { outputPath: '/tmp/out' })
 */
export function bundleConfig(container: string, members: readonly { name: string; dir: string; entry: string }[], options: RemoteConfigOptions): Configuration {
  const exposes = Object.fromEntries(members.map((m) => [`./${m.name}`, m.entry]))
  return containerConfig({ name: container, container, context: commonDir(members.map((m) => m.dir)), exposes, setupChunk: BUNDLE_CHUNK }, options)
}

/** The deepest folder that holds every one of `dirs`. */
function commonDir(dirs: readonly string[]): string {
  const split = dirs.map((d) => d.split(/[\\/]/))
  const first = split[0] ?? ['']
  let n = 0
  while (n < first.length && split.every((parts) => parts[n] === first[n])) n++
  return first.slice(0, n).join('/') || '/'
}

type ContainerSpec = {
  /** The rspack configuration's name. */
  name: string
  /** The container's global name. */
  container: string
  context: string
  /** Expose key → the module's path (a plugin factory); each runs after the prelude. */
  exposes: Record<string, string>
  /** The one chunk every exposed module goes to. */
  setupChunk: string
}

function containerConfig(spec: ContainerSpec, options: RemoteConfigOptions): Configuration {
  const { container, setupChunk } = spec
  const exposes = Object.fromEntries(Object.entries(spec.exposes).map(([key, entry]) => [key, { import: [REMOTE_PRELUDE, entry], name: setupChunk }]))
  const shared = Object.fromEntries(SHARED_SINGLETONS.map((m) => [m, { singleton: true, import: false as const, requiredVersion: false as const }]))
  return {
    ...commonConfig({ source: options.source ?? false }),
    name: spec.name,
    context: spec.context,
    entry: {},
    output: {
      path: options.outputPath,
      publicPath: 'auto',
      uniqueName: container,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      crossOriginLoading: 'anonymous',
      // published files are immutable: a page still running an older build fetches its chunks later
      clean: false,
    },
    optimization: {
      // The exposed set-up is one file: a remote's set-up on the first open is its entry and that chunk, not
      // three or four files that queue behind each other on an HTTP/1.1 origin. Views still share split chunks
      // (a wallet SDK that several views use downloads once).
      splitChunks: { chunks: (chunk) => chunk.name !== setupChunk },
    },
    plugins: [
      options.container === 'enhanced'
        ? new ModuleFederationPlugin({
            name: container,
            filename: REMOTE_ENTRY,
            exposes,
            shared,
            dts: false,
            manifest: false,
            experiments: {
              // remotes load from remoteEntry.js, never from an mf-manifest, and consume no remotes themselves
              optimization: { disableSnapshot: true, disableRemote: true, target: 'web' },
              ...((options.externalRuntime ?? true) ? { externalRuntime: true } : {}),
            },
          })
        : // the container alone: the host's federation runtime initialises its share scope and calls `get`
          new rspack.container.ModuleFederationPluginV1({ name: container, filename: REMOTE_ENTRY, library: { type: 'var', name: container }, exposes, shared }),
      // Under tsx (esbuild keepNames) the federation runtime template that rspack stringifies from a function
      // carries `__name(fn, "name")` calls; make them identity calls so the remote runs however it was built.
      new rspack.DefinePlugin({ __name: '((fn) => fn)' }),
      // the entry and the set-up run the moment they arrive: compiled eagerly, off the main thread
      new CompileHintsPlugin((chunk) => chunk.name === setupChunk || chunk.hasRuntime()),
      // chunks the remote loads itself get an `integrity` attribute; the kernel checks remoteEntry.js
      new rspack.SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'], enabled: true, htmlPlugin: false }),
    ],
  }
}
