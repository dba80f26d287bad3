import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_TTL_MS } from './constants.js'
import { createPairingManager, isPairingExpired, type PairingPhase } from './pairing.js'

type Session = { topic: string }

/** A scripted pairing backend: each `pair()` call is one pairing the test answers. */
function harness(options: { canRefresh?: boolean; reuse?: boolean } = {}) {
  const pairings: { onUri: (uri: string) => void; resolve: (s: Session) => void; reject: (e: unknown) => void }[] = []
  const uris: { uri: string; expiry: number }[] = []
  const phases: PairingPhase[] = []
  const orphans: Session[] = []
  let cleared = 0
  const state = { canRefresh: options.canRefresh ?? true, reuse: options.reuse ?? false }
  const manager = createPairingManager<Session>({
    pair: (onUri) =>
      new Promise<Session>((resolve, reject) => {
        pairings.push({ onUri, resolve, reject })
      }),
    publishUri: (uri, expiry) => uris.push({ uri, expiry }),
    clearUri: () => void cleared++,
    onPhase: (phase) => void phases.push(phase),
    canRefresh: () => state.canRefresh,
    reusesPairing: () => state.reuse,
    onOrphanSession: (s) => void orphans.push(s),
  })
  return { manager, pairings, uris, phases, orphans, state, cleared: () => cleared }
}

const flush = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('isPairingExpired', () => {
  it('counts a pairing with under 10 s left, or none, as expired', () => {
    const now = 1_000_000
    expect(isPairingExpired(undefined, now)).toBe(true)
    expect(isPairingExpired(now + PAIRING_TTL_MS, now)).toBe(false)
    expect(isPairingExpired(now + 10_000, now)).toBe(false)
    expect(isPairingExpired(now + 9_999, now)).toBe(true)
    expect(isPairingExpired(now - 1, now)).toBe(true)
  })
})

describe('pairing manager', () => {
  it('publishes the URI with an expiry of now + 4 minutes and resolves with the approved session', async () => {
    const h = harness()
    const connecting = h.manager.connect()
    expect(h.manager.active).toBe(true)
    expect(h.phases).toEqual(['pairing'])
    h.pairings[0]!.onUri('wc:first')
    expect(h.uris).toEqual([{ uri: 'wc:first', expiry: Date.now() + 4 * 60_000 }])
    h.pairings[0]!.resolve({ topic: 'a' })
    await expect(connecting).resolves.toEqual({ topic: 'a' })
    expect(h.phases.at(-1)).toBe('approved')
    expect(h.manager.active).toBe(false)
  })

  it('replaces the pairing 10 s before it expires while the view shows, and the new one can be approved', async () => {
    const h = harness()
    const connecting = h.manager.connect()
    h.pairings[0]!.onUri('wc:first')
    await vi.advanceTimersByTimeAsync(PAIRING_TTL_MS - PAIRING_EXPIRY_MARGIN_MS - 1)
    expect(h.pairings).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(h.pairings).toHaveLength(2)
    h.pairings[1]!.onUri('wc:second')
    expect(h.uris.map((u) => u.uri)).toEqual(['wc:first', 'wc:second'])
    expect(h.uris[1]!.expiry).toBe(Date.now() + PAIRING_TTL_MS)
    // the old proposal lapsing later changes nothing
    h.pairings[0]!.reject(new Error('Proposal expired'))
    await flush()
    expect(h.manager.active).toBe(true)
    h.pairings[1]!.resolve({ topic: 'b' })
    await expect(connecting).resolves.toEqual({ topic: 'b' })
  })

  it('keeps refreshing every ~4 minutes for as long as the view shows', async () => {
    const h = harness()
    void h.manager.connect().catch(() => {})
    for (let i = 0; i < 4; i++) {
      h.pairings[i]!.onUri(`wc:${i}`)
      await vi.advanceTimersByTimeAsync(PAIRING_TTL_MS - PAIRING_EXPIRY_MARGIN_MS)
    }
    expect(h.pairings).toHaveLength(5)
    h.manager.abort()
  })

  it('lets the pairing lapse when no WalletConnect view shows, and resumes with a new one when the view returns', async () => {
    const h = harness({ canRefresh: false })
    const connecting = h.manager.connect()
    h.pairings[0]!.onUri('wc:first')
    await vi.advanceTimersByTimeAsync(PAIRING_TTL_MS)
    expect(h.pairings).toHaveLength(1)
    expect(h.phases.at(-1)).toBe('expired')
    expect(h.manager.pairing).toBeUndefined()
    expect(h.cleared()).toBe(1)
    // the view mounts again
    h.state.canRefresh = true
    expect(h.manager.resume()).toBe(true)
    expect(h.pairings).toHaveLength(2)
    h.pairings[1]!.onUri('wc:second')
    h.pairings[1]!.resolve({ topic: 'c' })
    await expect(connecting).resolves.toEqual({ topic: 'c' })
  })

  it('resume keeps a still-valid pairing and publishes its URI again', async () => {
    const h = harness()
    void h.manager.connect().catch(() => {})
    h.pairings[0]!.onUri('wc:first')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(h.manager.resume()).toBe(true)
    expect(h.pairings).toHaveLength(1)
    expect(h.uris.map((u) => u.uri)).toEqual(['wc:first', 'wc:first'])
    expect(h.uris[1]!.expiry).toBe(h.uris[0]!.expiry)
    h.manager.abort()
  })

  it('resume reports false when no attempt is in progress', () => {
    expect(harness().manager.resume()).toBe(false)
  })

  it('a second connect() elsewhere starts a new pairing and takes the attempt over', async () => {
    const h = harness({ reuse: false })
    const first = h.manager.connect()
    h.pairings[0]!.onUri('wc:first')
    const second = h.manager.connect()
    await expect(first).rejects.toMatchObject({ code: 'WC_PAIRING_SUPERSEDED' })
    expect(h.pairings).toHaveLength(2)
    h.pairings[1]!.onUri('wc:second')
    h.pairings[1]!.resolve({ topic: 'd' })
    await expect(second).resolves.toEqual({ topic: 'd' })
  })

  it('on Telegram or iOS Safari a second connect() awaits the pairing in progress and reuses a valid one', async () => {
    const h = harness({ reuse: true })
    const first = h.manager.connect()
    first.catch(() => {})
    // still waiting for the first URI: no second pairing
    const second = h.manager.connect()
    second.catch(() => {})
    expect(h.pairings).toHaveLength(1)
    h.pairings[0]!.onUri('wc:only')
    await vi.advanceTimersByTimeAsync(2 * 60_000)
    const third = h.manager.connect()
    expect(h.pairings).toHaveLength(1)
    expect(h.uris.map((u) => u.uri)).toEqual(['wc:only', 'wc:only'])
    h.pairings[0]!.resolve({ topic: 'e' })
    await expect(third).resolves.toEqual({ topic: 'e' })
  })

  it('on Telegram or iOS Safari an expired pairing is not reused', async () => {
    const h = harness({ reuse: true, canRefresh: false })
    void h.manager.connect().catch(() => {})
    h.pairings[0]!.onUri('wc:old')
    await vi.advanceTimersByTimeAsync(PAIRING_TTL_MS - PAIRING_EXPIRY_MARGIN_MS + 1)
    void h.manager.connect().catch(() => {})
    expect(h.pairings).toHaveLength(2)
    h.manager.abort()
  })

  it('a refusal declines the attempt with USER_REJECTED (4001)', async () => {
    const h = harness()
    const connecting = h.manager.connect()
    h.pairings[0]!.onUri('wc:first')
    h.pairings[0]!.reject({ code: 5000, message: 'User rejected.' })
    await expect(connecting).rejects.toMatchObject({ code: 'USER_REJECTED', rpcCode: 4001, shortMessage: 'Connection declined' })
    expect(h.phases.at(-1)).toBe('declined')
  })

  it('a refusal of the replaced pairing still declines', async () => {
    const h = harness()
    const connecting = h.manager.connect()
    h.pairings[0]!.onUri('wc:first')
    await vi.advanceTimersByTimeAsync(PAIRING_TTL_MS - PAIRING_EXPIRY_MARGIN_MS)
    h.pairings[0]!.reject({ code: 5000, message: 'User rejected.' })
    await expect(connecting).rejects.toMatchObject({ code: 'USER_REJECTED' })
  })

  it('a failure of the current pairing fails the attempt with its reason', async () => {
    const h = harness()
    const connecting = h.manager.connect()
    h.pairings[0]!.reject(new Error("Couldn't establish socket connection to the relay server"))
    await expect(connecting).rejects.toMatchObject({ code: 'WC_PAIRING_FAILED', details: expect.stringContaining('relay server') })
    expect(h.phases.at(-1)).toBe('failed')
  })

  it('a pair() that throws synchronously fails the attempt', async () => {
    const manager = createPairingManager<Session>({
      pair: () => {
        throw new Error('boom')
      },
      publishUri: () => {},
      clearUri: () => {},
      onPhase: () => {},
      canRefresh: () => true,
      reusesPairing: () => false,
    })
    await expect(manager.connect()).rejects.toMatchObject({ code: 'WC_PAIRING_FAILED' })
  })

  it('abort rejects with WC_PAIRING_ABORTED, stops refreshing, and ends a session approved afterwards', async () => {
    const h = harness()
    const connecting = h.manager.connect()
    h.pairings[0]!.onUri('wc:first')
    h.manager.abort('The modal was closed.')
    await expect(connecting).rejects.toMatchObject({ code: 'WC_PAIRING_ABORTED', shortMessage: 'The modal was closed.' })
    expect(h.phases.at(-1)).toBe('idle')
    await vi.advanceTimersByTimeAsync(PAIRING_TTL_MS * 2)
    expect(h.pairings).toHaveLength(1)
    h.pairings[0]!.resolve({ topic: 'late' })
    await flush()
    expect(h.orphans).toEqual([{ topic: 'late' }])
  })

  it('ignores a URI from a pairing that was already replaced', async () => {
    const h = harness()
    void h.manager.connect().catch(() => {})
    h.manager.refresh()
    h.pairings[0]!.onUri('wc:stale')
    h.pairings[1]!.onUri('wc:fresh')
    expect(h.uris.map((u) => u.uri)).toEqual(['wc:fresh'])
    expect(h.manager.pairing?.uri).toBe('wc:fresh')
    h.manager.abort()
  })
})
