import { useCallback, useEffect, useState } from 'react'
import { useKernel, usePorticoSelector } from '@portico/kernel'
import type { Kernel } from '@portico/kernel'
import { WALLETCONNECT_CONNECTOR_ID } from '../constants.js'
import { asWalletConnectConnector, type WalletConnectConnector } from '../connector.js'
import { listingFromViewData, walletIdFromViewData, type WalletListingLike } from '../links.js'
import { isPairingExpired, type PairingPhase } from '../pairing.js'
import { selectWalletConnect } from '../slice.js'

export type WalletConnectViewState = {
  connector: WalletConnectConnector | undefined
  uri: string | undefined
  expiry: number | undefined
  phase: PairingPhase
  error: string | undefined
  /** Starts a new attempt (the first one on mount, or "Try again"). */
  retry: () => void
  /** Replaces the pairing with a new one now. */
  refresh: () => void
}

/**
 * Drives the connection from a WalletConnect view: on mount it resumes the attempt in progress (keeping a valid
 * pairing, replacing an expired one) or starts one with `kernel.connect('walletConnect')`; the outcome lands in the
 * plugin's slice (`walletconnect.wcUri`, `walletconnect.phase`).
 */
export function useWalletConnect(): WalletConnectViewState {
  const kernel = useKernel()
  const connector = asWalletConnectConnector(kernel.getConnector(WALLETCONNECT_CONNECTOR_ID))
  const uri = usePorticoSelector((s) => selectWalletConnect(s).wcUri)
  const expiry = usePorticoSelector((s) => selectWalletConnect(s).wcPairingExpiry)
  const phase = usePorticoSelector((s) => selectWalletConnect(s).phase)
  const error = usePorticoSelector((s) => selectWalletConnect(s).error)

  const retry = useCallback(() => {
    if (!connector) return
    // the result reaches the slice (phase, wcUri); the kernel records and shows connection errors itself, and connects
    // the session's other namespaces (solana beside eip155) after the first, without asking the wallet again
    kernel.connect(WALLETCONNECT_CONNECTOR_ID).catch(() => {})
  }, [kernel, connector])

  useEffect(() => {
    if (!connector) return
    if (!connector.pairing.resume()) retry()
  }, [connector, retry])

  const refresh = useCallback(() => {
    if (!connector?.pairing.refresh()) retry()
  }, [connector, retry])

  return { connector, uri, expiry, phase, error, retry, refresh }
}

/** `Date.now()`, updated every `ms` while `active`. */
export function useNow(ms: number, active = true): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), ms)
    return () => clearInterval(timer)
  }, [ms, active])
  return now
}

/** `m:ss` until `expiry` counts as expired (SPEC §4: with less than 10 s left). */
export function countdown(expiry: number | undefined, now: number): string | undefined {
  if (expiry === undefined || isPairingExpired(expiry, now)) return undefined
  const seconds = Math.max(0, Math.floor((expiry - 10_000 - now) / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

type ListingResponse = { data?: unknown }

/** Checks the parts of a registry listing the views use. */
function asListings(body: unknown): WalletListingLike[] {
  const data = (body as ListingResponse)?.data
  if (!Array.isArray(data)) return []
  return data.map((d) => listingFromViewData(d)).filter((l): l is WalletListingLike => Boolean(l))
}

/** Registry wallets (`GET /getWallets`); failures are swallowed (SPEC §8) and give an empty list. */
export async function fetchWallets(kernel: Kernel, query: Record<string, string | number>): Promise<WalletListingLike[]> {
  try {
    const body = await kernel.http.get<unknown>({ endpoint: 'registry', path: 'getWallets', query, cacheMs: 5 * 60_000 })
    return asListings(body)
  } catch {
    return []
  }
}

/** The wallet a view was opened for: a listing in the view data, or one fetched by `walletId`. */
export function useWalletListing(data: unknown): WalletListingLike | undefined {
  const kernel = useKernel()
  const given = listingFromViewData(data)
  const walletId = given ? undefined : walletIdFromViewData(data)
  const [fetched, setFetched] = useState<WalletListingLike>()
  useEffect(() => {
    if (!walletId) return
    let active = true
    void fetchWallets(kernel, { page: 1, entries: 1, include: walletId }).then((list) => {
      if (active) setFetched(list.find((w) => w.id === walletId))
    })
    return () => {
      active = false
    }
  }, [kernel, walletId])
  return given ?? fetched
}

/** An image URL for a listing: its `image_url`, else the registry's image by `image_id`. */
export function useWalletImage(listing: WalletListingLike | undefined): string | undefined {
  const kernel = useKernel()
  const [url, setUrl] = useState<string>()
  const direct = listing?.image_url ?? undefined
  const imageId = direct ? undefined : (listing?.image_id ?? undefined)
  useEffect(() => {
    if (!imageId) return setUrl(undefined)
    let active = true
    void kernel.http
      .getBlobUrl({ endpoint: 'registry', path: `getWalletImage/${encodeURIComponent(imageId)}`, timeoutMs: 2000 })
      .then((u) => {
        if (active) setUrl(u)
      })
      .catch(() => {})
    return () => {
      active = false
    }
  }, [kernel, imageId])
  return direct ?? url
}
