import { DEFAULT_SOCIALS } from '@portico/contracts/spec'

/** The providers the login frame signs in with through OAuth (SPEC §5); farcaster has a flow of its own (a QR code). */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

export const isSocialProvider = (value: unknown): value is SocialProvider => SOCIAL_PROVIDERS.includes(value as SocialProvider)

/** Every provider the Connect view can offer: the OAuth ones and Farcaster (its ConnectingFarcaster view). */
export type OfferedProvider = SocialProvider | 'farcaster'
export const isOfferedProvider = (value: unknown): value is OfferedProvider => value === 'farcaster' || isSocialProvider(value)

/** Brand names, the same in every language. */
export const PROVIDER_NAMES: Record<OfferedProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
}

/**
 * The providers to show, in order: the host's list (`socials` option) or SPEC §9's default (google, x, discord,
 * farcaster, github, apple, facebook), without duplicates and without names this plugin cannot sign in with.
 *
 * @example
 * resolveProviders(undefined) // ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']
 * resolveProviders(['github', 'google']) // ['github', 'google']
 */
export function resolveProviders(option: readonly string[] | undefined): OfferedProvider[] {
  const list = option ?? DEFAULT_SOCIALS
  return [...new Set(list)].filter(isOfferedProvider)
}
