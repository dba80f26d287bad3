import * as z from 'zod/mini'

/** An EIP-1193 provider as this plugin needs it: something with `request`. */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** True when `value` has an EIP-1193 `request` function. */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
}

/** EIP-6963 provider info: who the wallet says it is. */
export const Eip6963ProviderInfoSchema = z.object({
  uuid: z.string().check(z.trim(), z.minLength(1, 'The announcement has no uuid.')),
  name: z.string().check(z.trim(), z.minLength(1, 'The wallet has no name.'), z.maxLength(100, 'The wallet name is longer than 100 characters.')),
  // EIP-6963: the icon MUST be a data URI; anything else could load a remote (tracking) image or a script URL
  icon: z.string().check(z.regex(/^data:image\/(svg\+xml|png|jpeg|jpg|webp|gif)[;,]/i, 'The icon must be a data:image URI.')),
  rdns: z.string().check(z.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'The rdns must be a reverse domain name such as io.metamask.')),
})

/** The `detail` of an `eip6963:announceProvider` event. */
export const Eip6963AnnounceDetailSchema = z.object({
  info: Eip6963ProviderInfoSchema,
  provider: z.custom<Eip1193Provider>(isEip1193Provider, 'The provider has no request function.'),
})

export type Eip6963ProviderInfo = z.infer<typeof Eip6963ProviderInfoSchema>
export type Eip6963AnnounceDetail = z.infer<typeof Eip6963AnnounceDetailSchema>

/** Event names of EIP-6963. */
export const EIP6963_ANNOUNCE = 'eip6963:announceProvider'
export const EIP6963_REQUEST = 'eip6963:requestProvider'
