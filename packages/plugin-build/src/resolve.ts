/** Finding the packages a plugin is built against (its own `@portico/contracts` and `@portico/kernel`) from its folder. */
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * The folder of the package `name` as Node would find it from `fromDir`: the first `node_modules/<name>` with a
 * package.json, walking up. Undefined when it is not installed.
 *
 * @example
 * findPackageDir('/work/my-plugin', '@portico/contracts') // '/work/my-plugin/node_modules/@portico/contracts'
 */
export function findPackageDir(fromDir: string, name: string): string | undefined {
  let dir = fromDir
  for (;;) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate)
    const up = dirname(dir)
    if (up === dir) return undefined
    dir = up
  }
}

type ExportsValue = string | null | ExportsValue[] | { [condition: string]: ExportsValue }

function pick(value: ExportsValue, conditions: ReadonlySet<string>): string | undefined {
  if (typeof value === 'string') return value
  if (value === null) return undefined
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = pick(v, conditions)
      if (found) return found
    }
    return undefined
  }
  for (const [condition, target] of Object.entries(value)) {
    if (condition === 'default' || conditions.has(condition)) {
      const found = pick(target, conditions)
      if (found) return found
    }
  }
  return undefined
}

/**
 * The file a package export resolves to under the given conditions (Node's order: the first matching condition in
 * the package's `exports`, `default` always matching). Throws when the package does not export `subpath`.
 *
 * @example
 * resolveExport(contractsDir, './plugin', ['import'])            // '<contractsDir>/dist/exports/plugin.js'
 * resolveExport(contractsDir, './plugin', ['source', 'import'])  // '<contractsDir>/src/exports/plugin.ts'
 */
export function resolveExport(packageDir: string, subpath: string, conditions: readonly string[]): string {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { name?: string; exports?: ExportsValue }
  const exports = pkg.exports
  const entry =
    exports && typeof exports === 'object' && !Array.isArray(exports) && Object.keys(exports).some((k) => k.startsWith('.'))
      ? (exports as Record<string, ExportsValue>)[subpath]
      : subpath === '.'
        ? exports
        : undefined
  const target = entry === undefined ? undefined : pick(entry, new Set(conditions))
  if (!target) throw new Error(`${pkg.name ?? packageDir} does not export "${subpath}" (conditions: ${conditions.join(', ') || 'none'}).`)
  return join(packageDir, target)
}

/**
 * The `version` of the package.json in `packageDir`.
 *
 * @example
 * packageVersion(findPackageDir('.', '@portico/kernel')!) // '0.1.0'
 */
export function packageVersion(packageDir: string): string {
  return (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version
}
