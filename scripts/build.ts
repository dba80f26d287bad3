/**
 * npm run build — libraries to dist (tsc -b), plugins as federated remotes in dist/cdn/<name>/, the plugin
 * manifest dist/cdn/manifest.json (each entry's views, kind, requires, contracts and activation read from the
 * plugin's definition, its kernel range from its package.json), the demo host in dist/demo/.
 *
 * Flags: --no-tsc, --no-demo, --no-remotes.
 */
import { build } from './lib/build.ts'

const flags = new Set(process.argv.slice(2))
try {
  await build({ tsc: !flags.has('--no-tsc'), demo: !flags.has('--no-demo'), remotes: !flags.has('--no-remotes') })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
