import { z } from 'zod'

/** The six providers the dev identity provider stands in for (one issuer each, under `/<provider>`). */
export const DEV_IDP_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type DevIdpProvider = (typeof DEV_IDP_PROVIDERS)[number]

/** A test user as the sign-in page takes it: a user name, an email, and whether the provider vouches for it. */
export interface DevAccount {
  provider: DevIdpProvider
  /** The stable subject: the same typed user name is the same account, on every start. */
  sub: string
  username: string
  email: string
  emailVerified: boolean
}

/** What the sign-in form posts; the user name is what a person types ("alice"). */
export const SignInFormSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Type a test user name.')
    .max(64, 'Use at most 64 characters.')
    .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, dashes or underscores.'),
  email: z.union([z.literal(''), z.string().trim().email('Type a valid email, or leave it empty.')]).optional(),
  emailVerified: z.literal('on').optional(),
})

/**
 * The subject of a test user: derived from the provider and the lowercased name, so "Alice" signs in as the same
 * account every time (and the same name at two providers is two accounts, as at the real ones).
 *
 * @example
 * devSubject('github', 'Alice') // 'github-alice'
 */
export function devSubject(provider: DevIdpProvider, username: string): string {
  return `${provider}-${username.toLowerCase()}`
}

/** The test users signed in so far, in memory (the dev identity provider keeps nothing on disk). */
export class DevAccounts {
  private readonly accounts = new Map<string, DevAccount>()

  /** Records (or updates) the account of a sign-in and returns it. */
  signIn(provider: DevIdpProvider, input: z.output<typeof SignInFormSchema>): DevAccount {
    const sub = devSubject(provider, input.username)
    const account: DevAccount = {
      provider,
      sub,
      username: input.username,
      email: input.email || `${input.username.toLowerCase()}@${provider}.portico.test`,
      emailVerified: input.emailVerified === 'on',
    }
    this.accounts.set(`${provider}:${sub}`, account)
    return account
  }

  find(provider: DevIdpProvider, sub: string): DevAccount | undefined {
    return this.accounts.get(`${provider}:${sub}`)
  }
}
