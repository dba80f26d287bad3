import { DEFAULT_SOCIALS } from '@portico/contracts/spec'

/** The providers the login frame signs in with (SPEC §5); farcaster has a flow of its own and is not offered here yet. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

export const isSocialProvider = (value: unknown): value is SocialProvider => SOCIAL_PROVIDERS.includes(value as SocialProvider)

/** Brand names, the same in every language. */
export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

/**
 * The providers to show, in order: the host's list (`socials` option) or SPEC §9's default (google, x, discord,
 * farcaster, github, apple, facebook), without duplicates and without names this plugin cannot sign in with.
 *
 * @example
 * resolveProviders(undefined) // ['google', 'x', 'discord', 'github', 'apple', 'facebook']
 * resolveProviders(['github', 'google']) // ['github', 'google']
 */
export function resolveProviders(option: readonly string[] | undefined): SocialProvider[] {
  const list = option ?? DEFAULT_SOCIALS
  return [...new Set(list)].filter(isSocialProvider)
}
