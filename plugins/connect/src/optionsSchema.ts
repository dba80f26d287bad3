import * as z from 'zod/mini'
import { InvalidConnectOptionsError } from './options.js'

// The options' schemas, in a chunk of their own: a host that passes no options never loads zod with the plugin.

const parsesAsUrl = (value: string, protocols: RegExp) => {
  try {
    return protocols.test(new URL(value).protocol)
  } catch {
    return false
  }
}

// zod/mini keeps this remote small
const HttpUrl = z.string().check(z.refine((v) => parsesAsUrl(v, /^https?:$/), 'Expected an http(s) URL.'))
/** An app link: any scheme (`wallet://`, `https:`) but the ones that run code or carry content. */
const AppLink = z.string().check(
  z.refine((v) => parsesAsUrl(v, /^(?!javascript:|data:|vbscript:|blob:|file:)[a-z][a-z0-9+.-]*:$/i), 'Expected a URL with an app or https scheme.'),
)
const ImageUrl = z.string().check(
  z.refine((v) => parsesAsUrl(v, /^https?:$/) || /^data:image\/(png|jpeg|gif|webp|svg\+xml);/i.test(v), 'Expected an http(s) or data:image URL.'),
)

/** A wallet the host lists itself, in the `custom` group of the wallet list. */
export const CustomWalletSchema = z
  .object({
    /** Test id `wallet-<id>`. */
    id: z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Expected letters, digits, dots, dashes or underscores.')),
    name: z.string().check(z.trim(), z.minLength(1, 'Expected a name.')),
    imageUrl: z.optional(ImageUrl),
    /** Opens the app on mobile: `wallet://`. */
    deepLink: z.optional(AppLink),
    /** An https link the app answers on mobile, and a web page on desktop. */
    universalLink: z.optional(HttpUrl),
    /** The wallet's web app, opened on desktop. */
    webappLink: z.optional(HttpUrl),
  })
  .check(z.refine((w) => Boolean(w.deepLink || w.universalLink || w.webappLink), 'Expected at least one of deepLink, universalLink or webappLink.'))

/** Options of the connect plugin, from its factory or from the host's `features.connect`; validated at setup. */
export const ConnectOptionsSchema = z.object({
  /** `false` leaves out the wallet list, e.g. for an email-only login. Default `true`. */
  wallets: z.optional(z.boolean()),
  /** A checkbox the visitor ticks to agree to these documents before any way to connect is enabled. */
  legal: z.optional(z.object({ termsUrl: z.optional(HttpUrl), privacyUrl: z.optional(HttpUrl) })),
  /** The wallet list behind one "Continue with a wallet" button. Default `false`. */
  collapseWallets: z.optional(z.boolean()),
  /** Wallets the host lists itself (SPEC §2 `custom` group). */
  customWallets: z.optional(
    z.array(CustomWalletSchema).check(
      z.refine((list) => new Set(list.map((w) => w.id)).size === list.length, 'Expected each custom wallet to have its own id.'),
    ),
  ),
})

export type ConnectOptions = z.output<typeof ConnectOptionsSchema>
export type CustomWallet = z.output<typeof CustomWalletSchema>

/**
 * Validates the options, throwing one sentence naming the option and what was expected.
 *
 * @example
 * parseConnectOptions({ legal: { termsUrl: 'ftp://x' } }) // throws: Invalid connect option `legal.termsUrl`: Expected an http(s) URL.
 */
export function parseConnectOptions(input: unknown): ConnectOptions {
  const parsed = ConnectOptionsSchema.safeParse(input ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const path = issue.path.join('.')
    throw new InvalidConnectOptionsError(`Invalid connect option${path ? ` \`${path}\`` : ''}: ${issue.message}`, parsed.error)
  }
  return parsed.data
}

