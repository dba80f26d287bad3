/** A registry listing, as much of it as the deep links need (SPEC §3 Wallet listing). */
export type WalletListingLike = {
  id: string
  name: string
  image_id?: string | null
  image_url?: string | null
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
}

export type WalletLink = {
  /** Where the button goes: the app link carrying the pairing URI. */
  href: string
  /** The wallet's base link without the URI, kept as `wcLinking` to reopen the wallet for later requests. */
  base: string
  /** A web page (universal link) or an app scheme. */
  kind: 'universal' | 'native'
  /** Which of the listing's links it came from. */
  surface: 'mobile' | 'desktop' | 'web'
}

const isHttpUrl = (url: string) => /^https?:\/\//i.test(url)

/**
 * The link that opens a wallet with a pairing URI. An `https:` link is a universal link (`https://wallet.app/wc?uri=`);
 * anything else is an app scheme (`wallet://wc?uri=`), and a bare scheme name such as `wallet:` or `wallet` is
 * completed to `wallet://`.
 *
 * @example
 * walletLink('trust://', 'wc:abc@2?...') // { href: 'trust://wc?uri=wc%3Aabc%402%3F...', base: 'trust://', kind: 'native' }
 */
export function walletLink(appLink: string, wcUri: string, surface: WalletLink['surface'] = 'mobile'): WalletLink {
  let base = appLink.trim()
  const kind = isHttpUrl(base) ? 'universal' : 'native'
  if (kind === 'native' && !base.includes('://')) base = `${base.replace(/[/:]/g, '')}://`
  if (!base.endsWith('/')) base = `${base}/`
  return { href: `${base}wc?uri=${encodeURIComponent(wcUri)}`, base, kind, surface }
}

/**
 * The best link for this device: the app on mobile (mobile link), the desktop app on desktop (desktop link), else the
 * web app. `undefined` when the listing has no link that fits.
 */
export function pickWalletLink(listing: WalletListingLike, wcUri: string, mobile: boolean): WalletLink | undefined {
  const candidates: [string | null | undefined, WalletLink['surface']][] = mobile
    ? [[listing.mobile_link, 'mobile'], [listing.webapp_link, 'web']]
    : [[listing.desktop_link, 'desktop'], [listing.webapp_link, 'web']]
  for (const [link, surface] of candidates) if (link && link.trim()) return walletLink(link, wcUri, surface)
  return undefined
}

/** Reads a listing out of view data: `{ wallet: listing }`, a listing itself, or nothing. */
export function listingFromViewData(data: unknown): WalletListingLike | undefined {
  const candidate = (data as { wallet?: unknown })?.wallet ?? data
  const l = candidate as Partial<WalletListingLike> | undefined
  if (!l || typeof l !== 'object' || typeof l.id !== 'string' || typeof l.name !== 'string') return undefined
  const str = (v: unknown) => (typeof v === 'string' ? v : null)
  return { id: l.id, name: l.name, image_id: str(l.image_id), image_url: str(l.image_url), mobile_link: str(l.mobile_link), desktop_link: str(l.desktop_link), webapp_link: str(l.webapp_link) }
}

/** The registry wallet id in view data (`{ walletId }` from a recent wallet, or a listing's id). */
export function walletIdFromViewData(data: unknown): string | undefined {
  const d = data as { walletId?: unknown; wallet?: { id?: unknown } } | undefined
  if (typeof d?.walletId === 'string' && d.walletId) return d.walletId
  if (typeof d?.wallet?.id === 'string') return d.wallet.id
  return undefined
}
