/** What a manifest entry says about a plugin besides its files: from its definition and its package.json. */
import { createHash } from 'node:crypto'
import type { PluginMetadata } from './definitions.js'

/**
 * Subresource-integrity value of a file: `sha384-<base64>`.
 *
 * @example
 * sri('abc') // 'sha384-ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn'
 */
export function sri(bytes: Buffer | string): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`
}

export type PackageDeps = {
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

/**
 * The kernel range a remote was built against, for its manifest entry: the plugin package's dependency on
 * `@portico/kernel` (peer, then regular, then dev); an exact version `0.1.0` reads as `^0.1.0`, a workspace or
 * file reference (or no dependency at all) as `^<kernel version>`. Throws when the range does not accept the
 * kernel the remote is built with.
 *
 * @example
 * kernelRange({ peerDependencies: { '@portico/kernel': '0.1.0' } }, '0.1.0', satisfies) // '^0.1.0'
 */
export function kernelRange(
  pkg: PackageDeps,
  kernelVersion: string,
  satisfies: (version: string, range: string) => boolean,
  where = 'package.json',
): string {
  const declared = pkg.peerDependencies?.['@portico/kernel'] ?? pkg.dependencies?.['@portico/kernel'] ?? pkg.devDependencies?.['@portico/kernel']
  let range = declared?.trim()
  if (range !== undefined && /^workspace:/.test(range)) {
    range = range.slice('workspace:'.length)
    if (['', '*', '^', '~'].includes(range)) range = undefined
  }
  if (range !== undefined && /^(file|link|portal):/.test(range)) range = undefined
  if (range === undefined || range === '') range = `^${kernelVersion}`
  else if (/^=?v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(range)) range = `^${range.replace(/^=?v?/, '')}`
  if (!satisfies(kernelVersion, range)) {
    throw new Error(
      `${where}: its dependency on @portico/kernel ("${declared}") reads as the range "${range}", which does not accept ` +
        `the kernel ${kernelVersion} it is built against: every host on this kernel would refuse it.`,
    )
  }
  return range
}

/** What the manifest says about a plugin besides its entry, integrity and version. */
export type ManifestMetadata = {
  kernel: string
  contracts: string
  kind: 'adapter' | 'connector' | 'feature'
  views: string[]
  activation: 'open' | 'idle' | 'view'
  requires: string[]
  locales: string[]
  viewImports: Record<string, string>
}

/**
 * A plugin's manifest metadata from its definition: views, kind, requires, contracts, locales and activation (the
 * definition's, else the package.json's `portico.activation`, else `view`); `kernel` as computed by `kernelRange`.
 * `log` hears about package.json `portico` fields the definition overrides.
 *
 * @example
 * manifestMetadata(definition, { activation: 'open' }, '^0.1.0') // { kind: 'feature', activation: 'open', ... }
 */
export function manifestMetadata(
  definition: PluginMetadata,
  portico: Record<string, unknown>,
  kernel: string,
  log: (line: string) => void = () => {},
): ManifestMetadata {
  const d = definition
  const fromPackage = portico.activation === 'open' || portico.activation === 'idle' || portico.activation === 'view' ? portico.activation : undefined
  if (d.activation && fromPackage && d.activation !== fromPackage)
    log(`plugin ${d.name}: package.json portico.activation "${fromPackage}" is ignored, the definition says "${d.activation}"`)
  const ignored = ['kind', 'views', 'requires', 'contracts'].filter((k) => k in portico)
  if (ignored.length) log(`plugin ${d.name}: package.json portico.${ignored.join(', portico.')} ignored; the manifest takes them from the definition`)
  return {
    kernel,
    contracts: d.contracts,
    kind: d.kind ?? 'feature',
    views: d.views,
    activation: d.activation ?? fromPackage ?? 'view',
    requires: d.requires,
    locales: d.locales,
    viewImports: d.viewImports ?? {},
  }
}
