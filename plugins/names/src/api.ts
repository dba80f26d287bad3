import { ApiNameLookupSchema, ProfileAccountResponseSchema, ProfileSuggestionsResponseSchema, type ApiNameLookup } from '@portico/contracts/api'
import type { HttpClient } from '@portico/contracts/plugin'
import { NAMES_ERRORS, NamesError, serviceReason } from './errors.js'
import type { NameSuggestion } from './slice.js'

/** What the name service answered for a name: registered (with its lookup) or free. */
export type NameAvailability = { registered: true; lookup: ApiNameLookup } | { registered: false }

const status = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined)

/**
 * Looks a full name up (`GET /v1/profile/account/{name}`, apiVersion 2: `[]` when free). Throws the service's
 * reason, else "Error resolving name".
 *
 * @example
 * const { registered } = await lookupName(kernel.http, 'alice.portico.id')
 */
export async function lookupName(http: HttpClient, name: string, signal?: AbortSignal): Promise<NameAvailability> {
  let answer
  try {
    answer = await http.get({
      path: `v1/profile/account/${encodeURIComponent(name)}`,
      query: { apiVersion: '2' },
      schema: ProfileAccountResponseSchema,
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    // a service on apiVersion 1 says "not registered" with a 404
    if (status(error) === 404) return { registered: false }
    throw new NamesError(serviceReason(error, NAMES_ERRORS.resolve), 'RESOLVE_FAILED', { cause: error })
  }
  if (answer === undefined) throw new NamesError(NAMES_ERRORS.resolve, 'RESOLVE_FAILED', { details: 'The name service answered with an invalid body.' })
  return Array.isArray(answer) ? { registered: false } : { registered: true, lookup: answer }
}

/**
 * Free names like the typed one (`GET /v1/profile/suggestions/{name}` in the plugin's zone), the typed one first
 * when it is free. Throws the service's reason, else "Error fetching name suggestions".
 *
 * @example
 * await nameSuggestions(kernel.http, 'alice', 'portico.id') // [{ name: 'alice1.portico.id' }, …]
 */
export async function nameSuggestions(http: HttpClient, typed: string, zone: string, signal?: AbortSignal): Promise<NameSuggestion[]> {
  let answer
  try {
    answer = await http.get({
      path: `v1/profile/suggestions/${encodeURIComponent(typed)}`,
      query: { zone },
      schema: ProfileSuggestionsResponseSchema,
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    throw new NamesError(serviceReason(error, NAMES_ERRORS.suggestions), 'SUGGESTIONS_FAILED', { cause: error })
  }
  if (answer === undefined) throw new NamesError(NAMES_ERRORS.suggestions, 'SUGGESTIONS_FAILED', { details: 'The name service answered with an invalid body.' })
  return answer.suggestions.filter((s) => !s.registered).map((s) => ({ name: s.name }))
}

/** The body of a registration (SPEC §7). */
export type RegisterNameRequest = { coin_type: number; address: string; message: string; signature: string }

/**
 * Registers a name (`POST /v1/profile/account`) and returns the registered full name as the service spells it
 * (`fallbackName` when its answer does not say). Throws the service's reason, else "Error registering name {name}".
 *
 * @example
 * await registerName(kernel.http, { coin_type, address, message, signature }, 'alice.portico.id')
 */
export async function registerName(http: HttpClient, request: RegisterNameRequest, fallbackName: string): Promise<string> {
  let answer: unknown
  try {
    answer = await http.post({ path: 'v1/profile/account', body: request })
  } catch (error) {
    throw new NamesError(serviceReason(error, NAMES_ERRORS.register(fallbackName)), 'REGISTER_FAILED', { cause: error })
  }
  const parsed = ApiNameLookupSchema.safeParse(answer)
  return parsed.success ? parsed.data.name : fallbackName
}
