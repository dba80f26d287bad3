/**
 * Build of the login frame page: `dist/index.html` (no inline script or style, the config meta placeholder kept
 * verbatim for the frame server to fill) and `dist/assets/*` with hashed names, served at `/sdk` and `/sdk/assets/`.
 * `scripts/lib/build.ts` calls {@link buildFramePage} during `npm run build`.
 */
import { rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rspack, type Configuration } from '@rspack/core'

export const FRAME_PAGE_DIR = dirname(fileURLToPath(import.meta.url))
export const FRAME_PAGE_DIST = join(FRAME_PAGE_DIR, 'dist')
/** Where the frame server serves the page: script and style URLs are absolute under it. */
export const FRAME_PAGE_PUBLIC_PATH = '/sdk/'

export function framePageConfig(options: { production?: boolean; outDir?: string } = {}): Configuration {
  const production = options.production ?? true
  return {
    name: 'frame-page',
    mode: production ? 'production' : 'development',
    context: FRAME_PAGE_DIR,
    target: ['web', 'es2022'],
    // no eval-based source maps: the page's CSP has no 'unsafe-eval'
    devtool: production ? false : 'source-map',
    performance: false,
    entry: { frame: join(FRAME_PAGE_DIR, 'src/main.ts') },
    output: {
      path: options.outDir ?? FRAME_PAGE_DIST,
      publicPath: FRAME_PAGE_PUBLIC_PATH,
      filename: 'assets/[name].[contenthash:8].js',
      chunkFilename: 'assets/[name].[contenthash:8].js',
      cssFilename: 'assets/[name].[contenthash:8].css',
      cssChunkFilename: 'assets/[name].[contenthash:8].css',
      uniqueName: 'portico_frame',
      clean: true,
    },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    resolve: {
      extensions: ['.ts', '.js', '.mjs', '.json'],
      extensionAlias: { '.js': ['.ts', '.js'] },
      conditionNames: ['source', 'browser', 'import', 'module', 'default'],
    },
    optimization: { minimize: production },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: join(FRAME_PAGE_DIR, 'index.html'),
        scriptLoading: 'defer',
        inject: 'head',
        // unminified: the server replaces the meta tag's exact text
        minify: false,
      }),
    ],
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  }
}

/** Builds the page into `dist/` (production: minified). */
export function buildFramePage(options: { production?: boolean; outDir?: string; log?: (line: string) => void } = {}): Promise<void> {
  const started = Date.now()
  rmSync(options.outDir ?? FRAME_PAGE_DIST, { recursive: true, force: true })
  return new Promise((resolve, reject) => {
    const compiler = rspack(framePageConfig(options))
    compiler.run((error, stats) => {
      compiler.close(() => {})
      if (error) return reject(error)
      if (stats?.hasErrors()) return reject(new Error(`build of the frame page failed:\n${stats.toString({ all: false, errors: true, colors: false })}`))
      if (stats?.hasWarnings()) console.warn(stats.toString({ all: false, warnings: true, colors: false }))
      options.log?.(`frame page: ${options.outDir ?? FRAME_PAGE_DIST} (${Date.now() - started} ms)`)
      resolve()
    })
  })
}

// `npx tsx services/frame/page/build.ts [--dev]`
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildFramePage({ production: !process.argv.includes('--dev'), log: console.log }).catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
