/**
 * The composer's build: a plain app (no federation) like the demo, the kernel bundled and every plugin loaded at
 * runtime from the plugin CDN as the person picks it. With the Portico Dev Wallet as a separate entry that only
 * the stack's server adds to the page, so the preview has a browser wallet to show and connect.
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rspack, type Configuration } from '@rspack/core'
import { DEV_WALLET_ENTRY, DEV_WALLET_FILE } from '../../rspack.config.ts'

export const COMPOSER_SRC = dirname(fileURLToPath(import.meta.url))

/** What the composer reads at build time (the stack's meta tag overrides it at serve time). */
export type ComposerDefaults = {
  manifestUrl: string
  api: string
  relay: string
  frame: string
  rpc: Record<string, string>
}

/**
 * The composer page: `hosts/composer/index.html` and `src/index.tsx` to `outDir`, React in its own chunk.
 *
 * @example
 * await rspack([composerConfig(defaults, 'dist/composer')])
 */
export function composerConfig(defaults: ComposerDefaults, outDir: string): Configuration {
  const withDevWallet = existsSync(DEV_WALLET_ENTRY)
  return {
    name: 'composer',
    mode: 'production',
    target: ['web', 'es2022'],
    devtool: 'source-map',
    performance: false,
    context: COMPOSER_SRC,
    entry: { main: join(COMPOSER_SRC, 'src/index.tsx'), ...(withDevWallet ? { devwallet: DEV_WALLET_ENTRY } : {}) },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          // as the root config: @scure/base 2.x (the Dev Wallet's Bitcoin keys) ships TypeScript that extensionAlias picks
          exclude: /^(?!.*node_modules[\\/]@scure[\\/]base[\\/]).*node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // sources use NodeNext-style `./x.js` specifiers for `./x.ts`
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // workspace packages resolve to their TypeScript sources
      conditionNames: ['source', 'browser', 'import', 'module', 'default'],
    },
    output: {
      path: outDir,
      publicPath: '/',
      uniqueName: 'portico_composer',
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
          react: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, name: 'react', chunks: 'initial', priority: 20, enforce: true },
        },
      },
    },
    plugins: [
      new rspack.DefinePlugin({ __PORTICO_COMPOSER_DEFAULTS__: JSON.stringify(defaults) }),
      new rspack.HtmlRspackPlugin({ template: join(COMPOSER_SRC, 'index.html'), chunks: ['main'], scriptLoading: 'defer', inject: 'head' }),
    ],
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  }
}
