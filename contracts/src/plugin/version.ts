/** The version of the plugin contract. A plugin declares the semver range it was built against. */
export const CONTRACTS_VERSION = '1.0.0'

type Version = [number, number, number]

function parseVersion(v: string): Version | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(v.trim())
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!
  return 0
}

function satisfiesOne(version: Version, comparator: string): boolean {
  if (comparator === '*' || comparator === '' || comparator === 'x') return true
  const m = /^(\^|~|>=|<=|>|<|=)?\s*v?(\d+|x|\*)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/.exec(comparator)
  if (!m) return false
  const op = m[1] ?? ''
  const parts = [m[2], m[3], m[4]]
  const wild = parts.findIndex((p) => p === undefined || p === 'x' || p === '*')
  const base = parts.map((p) => (p === undefined || p === 'x' || p === '*' ? 0 : Number(p))) as Version
  if (wild !== -1 && (op === '' || op === '=')) {
    // `1.x` or `1.2` means any version with those leading parts
    return base.slice(0, wild).every((n, i) => version[i] === n)
  }
  const c = compare(version, base)
  switch (op) {
    case '>=': return c >= 0
    case '<=': return c <= 0
    case '>': return c > 0
    case '<': return c < 0
    case '~': return c >= 0 && version[0] === base[0] && version[1] === base[1]
    case '^': {
      if (c < 0) return false
      if (base[0] !== 0) return version[0] === base[0]
      if (base[1] !== 0) return version[0] === 0 && version[1] === base[1]
      return version[0] === 0 && version[1] === 0 && version[2] === base[2]
    }
    default: return c === 0
  }
}

/**
 * Whether `version` satisfies the semver `range` (`^1.2.0`, `~1.2`, `>=1.0.0 <2`, `1.x`, `*`, `a || b`).
 *
 * @example
 * satisfies('1.4.0', '^1.0.0') // true
 */
export function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version)
  if (!v) return false
  return range.split('||').some((set) =>
    set.trim().replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1').split(/\s+/).every((c) => satisfiesOne(v, c)),
  )
}
