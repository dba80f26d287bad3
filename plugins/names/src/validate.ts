import { isValidAccountName } from '@portico/contracts/spec'

/** Fewest characters of a name (SPEC §5). */
export const NAME_MIN_LENGTH = 4
/** Most characters of a name: one DNS label, as the reference api allows. */
export const NAME_MAX_LENGTH = 63

/** Why a typed name cannot be registered: an i18n key and its parameters. */
export type NameProblem = { key: 'names.error.characters' } | { key: 'names.error.length'; params: { min: number } } | { key: 'names.error.tooLong'; params: { max: number } }

/**
 * Checks a typed name as the visitor types (SPEC §5: letters, digits and hyphens only, at least 4 characters);
 * undefined when it can be registered. An empty field has no problem yet.
 *
 * @example
 * nameProblem('ab') // { key: 'names.error.length', params: { min: 4 } }
 */
export function nameProblem(name: string): NameProblem | undefined {
  if (name === '') return undefined
  if (!/^[a-zA-Z0-9-]*$/.test(name)) return { key: 'names.error.characters' }
  if (name.length > NAME_MAX_LENGTH) return { key: 'names.error.tooLong', params: { max: NAME_MAX_LENGTH } }
  if (!isValidAccountName(name)) return { key: 'names.error.length', params: { min: NAME_MIN_LENGTH } }
  return undefined
}

/** What the field keeps of a keystroke: names are case-insensitive and stored lowercase, spaces never belong. */
export const normalizeName = (typed: string): string => typed.trim().toLowerCase()

/**
 * The full name a label registers as (`alice` → `alice.portico.id`); a name that already ends in the suffix stays.
 *
 * @example
 * fullName('alice', '.portico.id') // 'alice.portico.id'
 */
export function fullName(label: string, suffix: string): string {
  const lower = label.toLowerCase()
  return lower.endsWith(suffix) ? lower : `${lower}${suffix}`
}
