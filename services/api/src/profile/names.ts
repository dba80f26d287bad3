import { ACCOUNT_NAME_MAX_LENGTH, ACCOUNT_NAME_MIN_LENGTH } from '@portico/contracts/api'

/** Suffix of registered names when none is configured (`profile.suffix`, PORTICO_API_NAME_SUFFIX). */
export const DEFAULT_NAME_SUFFIX = '.portico.id'
/** Suffixes still accepted on lookup and registration, read as the configured one (SPEC §7: `.reown.id`, legacy `.wcn.id`). */
export const DEFAULT_LEGACY_NAME_SUFFIXES: readonly string[] = ['.reown.id', '.wcn.id']

const SUFFIX = /^(\.[a-z0-9-]+){2,}$/
const LABEL = new RegExp(`^[a-z0-9-]{${ACCOUNT_NAME_MIN_LENGTH},${ACCOUNT_NAME_MAX_LENGTH}}$`)

/** Checks a configured suffix: a dot, then two or more lowercase DNS labels (`.portico.id`); returns it. */
export function checkNameSuffix(suffix: string, what = 'name suffix'): string {
  if (!SUFFIX.test(suffix)) throw new Error(`${what}: expected a dot and lowercase labels such as .portico.id, got ${JSON.stringify(suffix)}`)
  return suffix
}

/** The suffixes a name service answers for: the configured one first, then the legacy ones. */
export interface NameZone {
  suffix: string
  legacy: readonly string[]
}

/**
 * The label of a name typed with or without one of the zone's suffixes, lowercase; undefined when it carries another
 * suffix (not ours) or when what is left is not a valid label (letters, digits, hyphens, 4 to 63).
 *
 * @example
 * nameLabel({ suffix: '.portico.id', legacy: ['.wcn.id'] }, 'Alice.wcn.id') // 'alice'
 */
export function nameLabel(zone: NameZone, typed: string, minLength = ACCOUNT_NAME_MIN_LENGTH): string | undefined {
  const name = typed.toLowerCase()
  let label = name
  for (const suffix of [zone.suffix, ...zone.legacy]) {
    if (name.endsWith(suffix)) {
      label = name.slice(0, -suffix.length)
      break
    }
  }
  if (minLength === ACCOUNT_NAME_MIN_LENGTH) return LABEL.test(label) ? label : undefined
  return new RegExp(`^[a-z0-9-]{${minLength},${ACCOUNT_NAME_MAX_LENGTH}}$`).test(label) ? label : undefined
}

/** Why a typed name cannot be registered, in one sentence (the reason the names plugin shows), or undefined. */
export function nameProblem(zone: NameZone, typed: string): string | undefined {
  const lower = typed.toLowerCase()
  const dot = lower.indexOf('.')
  if (dot >= 0 && ![zone.suffix, ...zone.legacy].includes(lower.slice(dot)))
    return `Names end in ${zone.suffix}; ${lower.slice(dot)} is not served here.`
  const label = dot >= 0 ? lower.slice(0, dot) : lower
  if (!/^[a-z0-9-]*$/.test(label)) return 'A name may hold only letters, digits and hyphens.'
  if (label.length < ACCOUNT_NAME_MIN_LENGTH) return `A name needs at least ${ACCOUNT_NAME_MIN_LENGTH} characters.`
  if (label.length > ACCOUNT_NAME_MAX_LENGTH) return `A name may have at most ${ACCOUNT_NAME_MAX_LENGTH} characters.`
  return undefined
}
