/**
 * The `portico-plugin` command: `build` a plugin package into a federated remote and its manifest entry, `prune`
 * the builds no manifest needs, `keygen` and `sign` for signed manifests.
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { buildPlugins } from './build.js'
import { normalizePublicUrl } from './publicUrl.js'
import { prune } from './prune.js'

export const USAGE = `Usage: portico-plugin <command> [options]

  build [<plugin dir>...]   Build plugin packages (package.json + src/plugin.ts; default: the current folder), each
                            into <out>/<plugin>/<version>+<hash>/, and add their entries to <out>/manifest.json.
      --out <dir>           The CDN folder (default: <plugin dir>/dist/cdn; required with several plugins).
      --public-url <url>    The URL <out> is served at: the manifest's entries become absolute URLs.
      --manifest <file>     The manifest to write (default: <out>/manifest.json).
      --replace             Write a manifest of this plugin only (default: keep the other plugins' entries).
      --bundle-runtime      An enhanced container with the federation runtime inside (default: a classic container, smaller,
                            loaded by the host's runtime).
      --bundle              Also build the plugins that load on open (two or more) as one container, <out>/bundles/<hash>/,
                            named in their entries: a first open downloads one entry and one chunk instead of a pair each.
      --opt-in <name>       Leave this plugin out of the bundle (repeatable): one most hosts do not switch on.

  prune <cdn dir>           Delete the build folders no manifest refers to.
      --keep <manifest>     A manifest whose builds stay (repeatable; default: <cdn dir>/manifest.json).
      --public-url <url>    The URL <cdn dir> is served at, for manifests with absolute entries.
      --dry-run             List what would be deleted, delete nothing.

  keygen                    Write an ed25519 publisher key pair: <path>.key (mode 0600) and <path>.pub.
      --out <path>          Default: portico-publisher.
      --force               Overwrite an existing key pair.

  sign <manifest>           Sign a manifest with your private key (in place), printing the public key to pin.
      --key <file>          The private key file (from keygen).
      --out <file>          Write the signed manifest there instead.
`

type Io = { out: (line: string) => void; err: (line: string) => void }

async function build(argv: readonly string[], io: Io) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      'public-url': { type: 'string' },
      manifest: { type: 'string' },
      replace: { type: 'boolean' },
      'bundle-runtime': { type: 'boolean' },
      bundle: { type: 'boolean' },
      'opt-in': { type: 'string', multiple: true },
    },
  })
  if (positionals.length > 1 && !values.out) throw new Error(`build of several plugin folders needs --out <dir>, the CDN folder they all go to: ${positionals.join(' ')}`)
  if (values.bundle && positionals.length < 2) throw new Error('--bundle needs two plugin folders or more: portico-plugin build <plugin dir> <plugin dir>... --bundle --out <dir>')
  // before anything is read or bundled
  const publicUrl = normalizePublicUrl(values['public-url'])
  const dirs = (positionals.length ? positionals : ['.']).map((d) => resolve(d))
  const { plugins, bundle, manifestFile } = await buildPlugins(
    dirs.map((dir) => ({ dir })),
    {
      outDir: resolve(values.out ?? resolve(dirs[0]!, 'dist/cdn')),
      publicUrl,
      ...(values.manifest ? { manifest: resolve(values.manifest) } : {}),
      manifestMode: values.replace ? 'replace' : 'merge',
      bundleRuntime: values['bundle-runtime'] ?? false,
      ...(values.bundle ? { bundle: { optIn: values['opt-in'] ?? [] } } : {}),
      log: io.out,
    },
  )
  for (const built of plugins) io.out(`${built.name} ${built.version}: ${String(built.entry.entry)} (${String(built.entry.integrity)})`)
  if (values.bundle && !bundle) io.out('no bundle: fewer than two of these plugins load on open')
  if (manifestFile) io.out(`manifest: ${manifestFile}`)
}

function pruneCommand(argv: readonly string[], io: Io) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      keep: { type: 'string', multiple: true },
      'public-url': { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
  })
  if (positionals.length !== 1) throw new Error('prune takes the CDN folder: portico-plugin prune <cdn dir>')
  const result = prune(positionals[0]!, { manifests: values.keep ?? [], publicUrl: values['public-url'], dryRun: values['dry-run'] ?? false })
  for (const file of result.removed) io.out(`${values['dry-run'] ? 'would delete' : 'deleted'} ${file}`)
  io.out(`${result.kept.length} build(s) kept, ${result.removed.length} file(s) ${values['dry-run'] ? 'to delete' : 'deleted'}`)
}

/**
 * Runs `portico-plugin` with its arguments (without the program name); resolves to the exit code.
 *
 * @example
 * process.exitCode = await main(process.argv.slice(2))
 */
export async function main(argv: readonly string[], io: Io = { out: (l) => console.log(l), err: (l) => console.error(l) }): Promise<number> {
  const [command, ...rest] = argv
  try {
    switch (command) {
      case 'build':
        await build(rest, io)
        return 0
      case 'prune':
        pruneCommand(rest, io)
        return 0
      case 'sign':
        await (await import('./sign.js')).signCommand(rest)
        return 0
      case 'keygen':
        await (await import('./sign.js')).keygenCommand(rest)
        return 0
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE)
        return 0
      case undefined:
        io.err(USAGE)
        return 1
      default:
        io.err(`Unknown command "${command}".\n\n${USAGE}`)
        return 1
    }
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error))
    return 1
  }
}
