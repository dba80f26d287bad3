import {
  OnrampCheckoutResponseSchema,
  OnrampOptionsResponseSchema,
  OnrampProvidersResponseSchema,
  OnrampQuoteResponseSchema,
  OnrampUrlResponseSchema,
  type OnrampCheckoutResponse,
  type OnrampOptionsResponse,
  type OnrampProvider,
  type OnrampQuoteResponse,
  type OnrampUrlRequest,
  type OnrampUrlResponse,
} from '@portico/contracts/api'
import type { HttpClient } from '@portico/contracts/plugin'

/** What the onramp views ask of the api (SPEC §7), each answer checked by its zod schema. */
export type OnrampApi = ReturnType<typeof createOnrampApi>

/** Thrown when an endpoint answers with something its schema refuses (read as a failure, never trusted). */
export class InvalidOnrampResponseError extends Error {
  override name = 'InvalidOnrampResponseError'
  constructor(path: string) {
    super(`The api sent an invalid answer to ${path}.`)
  }
}

const required = <T>(path: string, value: T | undefined): T => {
  if (value === undefined) throw new InvalidOnrampResponseError(path)
  return value
}

/**
 * The onramp endpoints through the kernel's HTTP client (which adds projectId, st, sv and throws
 * `HTTP status code: {n}` with the api's reason). Failures are thrown: the flow decides the fallbacks.
 *
 * @example
 * const api = createOnrampApi(kernel.http)
 * const options = await api.options()
 */
export function createOnrampApi(http: HttpClient) {
  return {
    /** GET v1/onramp/options. */
    async options(): Promise<OnrampOptionsResponse> {
      const path = 'v1/onramp/options'
      return required(path, await http.get({ path, schema: OnrampOptionsResponseSchema, cacheMs: 60_000 }))
    },
    /** GET v1/onramp/providers. */
    async providers(): Promise<OnrampProvider[]> {
      const path = 'v1/onramp/providers'
      return required(path, await http.get({ path, schema: OnrampProvidersResponseSchema, cacheMs: 60_000 })).providers
    },
    /** POST v1/onramp/quote. */
    async quote(body: { purchaseCurrency: string; paymentCurrency: string; amount: string; network: string; paymentMethod: string }, signal?: AbortSignal): Promise<OnrampQuoteResponse> {
      const path = 'v1/onramp/quote'
      const request = { purchaseCurrency: { id: body.purchaseCurrency }, paymentCurrency: { id: body.paymentCurrency }, amount: body.amount, network: body.network, paymentMethod: body.paymentMethod }
      return required(path, await http.post({ path, body: request, schema: OnrampQuoteResponseSchema, ...(signal ? { signal } : {}) }))
    },
    /** POST v1/generators/onrampurl. */
    async onrampUrl(body: OnrampUrlRequest): Promise<OnrampUrlResponse> {
      const path = 'v1/generators/onrampurl'
      return required(path, await http.post({ path, body, schema: OnrampUrlResponseSchema }))
    },
    /** GET v1/onramp/checkouts/{id}: the checkout and its latest purchase. */
    async checkout(checkoutId: string): Promise<OnrampCheckoutResponse> {
      const path = `v1/onramp/checkouts/${encodeURIComponent(checkoutId)}`
      return required(path, await http.get({ path, schema: OnrampCheckoutResponseSchema }))
    },
  }
}
