import type { DevWallet } from './devWallet.js'

/** EIP-6963 provider info. */
export type Eip6963ProviderInfo = { uuid: string; name: string; icon: string; rdns: string }

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="24" fill="#3b5bdb"/>' +
  '<path d="M28 30h26a14 14 0 0 1 0 28H40v10H28z" fill="#fff"/>' +
  '<rect x="40" y="40" width="14" height="8" rx="4" fill="#3b5bdb"/></svg>'

/** The dev wallet's icon, an inline SVG data URI (EIP-6963 requires a data URI). */
export const DEV_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(ICON_SVG)}`

/** How the dev wallet presents itself (uuid is made per announcement session). */
export const DEV_WALLET_INFO = { name: 'Portico Dev Wallet', rdns: 'dev.portico.wallet', icon: DEV_WALLET_ICON } as const

function uuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // crypto.randomUUID needs a secure context; a plain-http LAN page still gets a v4 uuid
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/**
 * Announces `wallet` through EIP-6963 now and on every `eip6963:requestProvider`; returns the function that stops
 * answering requests.
 *
 * @example
 * const stop = announceDevWallet(createDevWallet())
 */
export function announceDevWallet(
  wallet: DevWallet,
  info: Partial<Eip6963ProviderInfo> = {},
  target: EventTarget = window,
): () => void {
  const detail = Object.freeze({ info: Object.freeze({ ...DEV_WALLET_INFO, uuid: uuid(), ...info }), provider: wallet })
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
