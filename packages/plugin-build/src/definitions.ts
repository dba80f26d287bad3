/**
 * Reading plugin definitions in Node: each plugin's `src/plugin.ts` imported in a child Node (the tsx loader),
 * its default-exported factory called with no arguments, and what the manifest needs taken from the result.
 * Views stay behind `import()`, so no view code runs; a stylesheet the module imports is read as an empty module.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { remoteName } from './remoteConfig.js'

/** What the manifest takes from a plugin's definition (its factory called with no arguments). */
export type PluginMetadata = {
  name: string
  version: string
  contracts: string
  kind: 'adapter' | 'connector' | 'feature' | undefined
  activation: 'open' | 'idle' | 'view' | undefined
  requires: string[]
  /** The keys of `definition.views`. */
  views: string[]
  /** A language pack's locales. */
  locales: string[]
  /** The module each view's `load` imports (`./views/ConnectView.js`), when its source says. */
  viewImports: Record<string, string>
}

/** A plugin to read: its module, and the name it must define when the caller knows it (a folder's name). */
export type DefinitionSource = { entry: string; name?: string | undefined }

export type ReadDefinitionsOptions = {
  /** Paths in messages are relative to this folder. Default: the current directory. */
  root?: string
  /** Extra export conditions for the child Node (`source` inside the Portico repository). */
  conditions?: readonly string[]
  /** The tsconfig.json tsx compiles with (JSX settings). Default: the plugin's own, else one for react-jsx. */
  tsconfig?: string
}

const DEFINITIONS_MARKER = '__PORTICO_PLUGIN_DEFINITIONS__'

const READ_DEFINITIONS = `
const { pathToFileURL } = await import('node:url')
// a plugin module may import its styles (a connect method shipped with it): they mean nothing in Node, so a
// stylesheet imports as an empty module
const { register } = await import('node:module')
register('data:text/javascript,' + encodeURIComponent(
  'export async function load(url, context, next) {' +
  '  return /\\.css([?#].*)?$/.test(url) ? { format: "module", source: "", shortCircuit: true } : next(url, context)' +
  '}'
))
const reason = (e) => {
  if (!(e instanceof Error)) return String(e)
  const stack = String(e.stack || '').split('\\n')
  // a module that fails to link (a missing export) has its file:line first; otherwise the first frame outside Node
  const at = /^\\S+:\\d+$/.test(stack[0] || '')
    ? stack[0]
    : (stack.find((l) => /^\\s+at /.test(l) && !/node:internal|\\[eval/.test(l)) || '').trim().replace(/^at /, '')
  return e.name + ': ' + e.message + (at ? ' (at ' + at + ')' : '')
}
const out = []
for (const file of JSON.parse(process.env.PORTICO_PLUGIN_ENTRIES)) {
  let mod
  try {
    mod = await import(pathToFileURL(file).href)
  } catch (e) {
    out.push({ error: 'it could not be imported in Node: ' + reason(e) })
    continue
  }
  // a package without "type": "module" has its TypeScript compiled to CommonJS: the factory is then default.default
  const factory = typeof mod.default === 'function' ? mod.default : mod.default && typeof mod.default.default === 'function' ? mod.default.default : undefined
  if (!factory) {
    out.push({ error: 'it has no default-exported plugin factory (export default function myPlugin() { return definePlugin({...}) }).' })
    continue
  }
  let d
  try {
    d = factory()
  } catch (e) {
    out.push({ error: 'its factory threw when called with no arguments: ' + reason(e) })
    continue
  }
  if (!d || typeof d !== 'object') {
    out.push({ error: 'its factory returned ' + (d === null ? 'null' : typeof d) + ', not a plugin definition.' })
    continue
  }
  out.push({
    definition: {
      name: d.name,
      version: d.version,
      contracts: d.contracts,
      kind: d.kind,
      activation: d.activation,
      requires: d.requires === undefined ? [] : d.requires,
      views: d.views && typeof d.views === 'object' ? Object.keys(d.views) : d.views === undefined ? [] : d.views,
      locales: d.locales === undefined ? [] : d.locales,
      // what each view's load() imports, read from its source, so the manifest can name the view's chunks
      viewImports: d.views && typeof d.views === 'object'
        ? Object.fromEntries(Object.entries(d.views).map(([id, v]) => [id, (/import\\(\\s*["']([^"']+)["']/.exec(String(v && v.load)) || [])[1]]).filter(([, r]) => r))
        : {},
    },
  })
}
process.stdout.write('\\n${DEFINITIONS_MARKER}' + JSON.stringify(out) + '\\n', () => process.exit(0))
`

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')
const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/

/** Checks what a definition gave the manifest; returns the problem, if any. */
function definitionProblem(expected: string | undefined, d: Record<string, unknown>): string | undefined {
  if (expected !== undefined && (typeof d.name !== 'string' || d.name !== expected)) {
    const named = typeof d.name === 'string' ? `the plugin "${d.name}" (remote "${remoteName(d.name)}")` : 'a plugin without a name'
    return `it defines ${named}, but its folder builds the remote "${remoteName(expected)}", loaded as "${expected}": the definition's name must be the folder's name.`
  }
  if (typeof d.name !== 'string' || !KEBAB.test(d.name)) return `its definition's name ${JSON.stringify(d.name)} is not a kebab-case plugin name.`
  if (typeof d.version !== 'string' || !d.version) return 'its definition has no version.'
  if (typeof d.contracts !== 'string' || !d.contracts) return 'its definition does not declare the contracts range it was built against.'
  if (d.kind !== undefined && !['adapter', 'connector', 'feature'].includes(d.kind as string))
    return `its kind "${String(d.kind)}" is not one of adapter, connector, feature.`
  if (d.activation !== undefined && d.activation !== 'open' && d.activation !== 'idle' && d.activation !== 'view')
    return `its activation "${String(d.activation)}" is not "open", "idle" or "view".`
  if (!isStrings(d.requires)) return 'its requires is not a list of plugin names.'
  if (!isStrings(d.views)) return 'its views is not an object of view entries.'
  if (!isStrings(d.locales)) return 'its locales is not a list of locale tags.'
  return undefined
}

const here = createRequire(import.meta.url)

/** The tsconfig shipped with this package for plugins without their own: react-jsx, NodeNext. */
export const PLUGIN_TSCONFIG = join(dirname(fileURLToPath(import.meta.url)), '../plugin-tsconfig.json')

/**
 * Each plugin's definition, read in Node: its module imported, its default export called with no arguments.
 * Throws one error naming every plugin whose definition cannot be loaded, or whose name is not the one expected
 * (the kernel loads a remote by its manifest name and refuses a factory that returns another).
 *
 * @example
 * readPluginDefinitions([{ entry: '/work/hello/src/plugin.ts', name: 'hello' }]) // Map { 'hello' => { views: ['Hello'], ... } }
 */
export function readPluginDefinitions(plugins: readonly DefinitionSource[], options: ReadDefinitionsOptions = {}): PluginMetadata[] {
  if (!plugins.length) return []
  const root = options.root ?? process.cwd()
  const ownTsconfig = join(plugins[0]!.entry, '../../tsconfig.json')
  const tsconfig = options.tsconfig ?? (plugins.length === 1 && existsSync(ownTsconfig) ? ownTsconfig : PLUGIN_TSCONFIG)
  const child = spawnSync(
    process.execPath,
    [
      ...(options.conditions ?? []).map((c) => `--conditions=${c}`),
      '--import',
      pathToFileURL(here.resolve('tsx')).href,
      '--input-type=module',
      '--eval',
      READ_DEFINITIONS,
    ],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
      env: { ...process.env, PORTICO_PLUGIN_ENTRIES: JSON.stringify(plugins.map((p) => p.entry)), TSX_TSCONFIG_PATH: tsconfig },
    },
  )
  const line = child.stdout?.split('\n').find((l) => l.startsWith(DEFINITIONS_MARKER))
  if (!line) {
    const why = child.error ? child.error.message : `${child.stderr || child.stdout || ''}`.trim().split('\n').slice(-5).join('\n')
    throw new Error(`The plugin definitions could not be read in Node (exit ${child.status ?? child.signal}):\n${why}`)
  }
  const read = JSON.parse(line.slice(DEFINITIONS_MARKER.length)) as ({ error: string } | { definition: Record<string, unknown> })[]
  const problems: string[] = []
  const result: PluginMetadata[] = []
  plugins.forEach((plugin, i) => {
    const where = relative(root, plugin.entry)
    const r = read[i]
    if (!r) return problems.push(`${where}: it was not read.`)
    if ('error' in r) return problems.push(`${where}: ${r.error}`)
    const problem = definitionProblem(plugin.name, r.definition)
    if (problem) return problems.push(`${where}: ${problem}`)
    result.push(r.definition as PluginMetadata)
  })
  if (problems.length) {
    throw new Error(
      `The plugin manifest is generated from the plugin definitions, and ${problems.length === 1 ? 'one' : problems.length} could not be used:\n` +
        problems.map((p) => `  - ${p}`).join('\n'),
    )
  }
  return result
}
