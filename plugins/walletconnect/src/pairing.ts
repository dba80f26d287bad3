import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_TTL_MS } from './constants.js'
import { ConnectionDeclinedError, isRejection, PairingAbortedError, PairingFailedError, PairingSupersededError } from './errors.js'

/** Where a connection attempt stands, for the views. */
export type PairingPhase = 'idle' | 'pairing' | 'approved' | 'declined' | 'failed' | 'expired'

/** SPEC §4: a pairing counts as expired with less than 10 seconds left (or when there is none). */
export function isPairingExpired(expiry: number | undefined, now: number = Date.now(), marginMs = PAIRING_EXPIRY_MARGIN_MS): boolean {
  return expiry === undefined || expiry - now < marginMs
}

export type PairingManagerDeps<S> = {
  /** Starts one pairing. Calls `onUri` as soon as the pairing URI exists; resolves with the approved session. */
  pair(onUri: (uri: string) => void): Promise<S>
  /** Shows the URI (`walletconnect/pairingUriPublished`). */
  publishUri(uri: string, expiry: number): void
  /** Hides it (`walletconnect/pairingUriCleared`). */
  clearUri(): void
  /** Phase changes, with the error of a failed or declined attempt. */
  onPhase(phase: PairingPhase, error?: unknown): void
  /** Whether an expiring pairing may be replaced now: a WalletConnect view is showing. */
  canRefresh(): boolean
  /** Telegram and iOS Safari: a pairing in progress is awaited and a still-valid one reused. */
  reusesPairing(): boolean
  /** A session approved after its attempt was given up (the modal closed meanwhile). */
  onOrphanSession?(session: S): void
  now?: () => number
  ttlMs?: number
  marginMs?: number
}

type Waiter<S> = { resolve: (session: S) => void; reject: (error: unknown) => void }

type Attempt<S> = {
  waiter: Waiter<S>
  /** Bumped by each new pairing; answers of older pairings only count if they are approvals or refusals. */
  generation: number
  /** A pairing was started and its URI has not arrived yet. */
  starting: boolean
  uri: string | undefined
  expiry: number | undefined
  timer: ReturnType<typeof setTimeout> | undefined
  done: boolean
}

export type PairingManager<S> = ReturnType<typeof createPairingManager<S>>

/**
 * One connection attempt at a time, made of one or more pairings: the first pairing publishes its URI, and when it
 * is about to expire (under 10 s of its 4 minutes left) a new pairing replaces it while a WalletConnect view shows.
 * Whichever pairing the wallet approves settles the attempt; a refusal declines it; a failure of the current pairing
 * fails it. Closing the modal aborts it.
 */
export function createPairingManager<S>(deps: PairingManagerDeps<S>) {
  const now = deps.now ?? (() => Date.now())
  const ttl = deps.ttlMs ?? PAIRING_TTL_MS
  const margin = deps.marginMs ?? PAIRING_EXPIRY_MARGIN_MS
  let current: Attempt<S> | undefined
  let attempts = 0

  const expired = (a: Attempt<S>) => isPairingExpired(a.expiry, now(), margin)

  function finish(a: Attempt<S>) {
    a.done = true
    if (a.timer) clearTimeout(a.timer)
    a.timer = undefined
    if (current === a) current = undefined
  }

  function schedule(a: Attempt<S>) {
    if (a.timer) clearTimeout(a.timer)
    const delay = Math.max(0, (a.expiry ?? now()) - margin - now())
    a.timer = setTimeout(() => {
      a.timer = undefined
      if (a.done) return
      if (deps.canRefresh()) return startPairing(a)
      // nobody looks at it: let it lapse; a view that shows up again starts a new one (resume)
      a.uri = undefined
      a.expiry = undefined
      deps.clearUri()
      deps.onPhase('expired')
    }, delay)
  }

  function startPairing(a: Attempt<S>) {
    const generation = ++a.generation
    a.starting = true
    if (a.timer) clearTimeout(a.timer)
    a.timer = undefined
    deps.onPhase('pairing')
    let pairing: Promise<S>
    try {
      pairing = deps.pair((uri) => {
        if (a.done || generation !== a.generation) return
        a.starting = false
        a.uri = uri
        a.expiry = now() + ttl
        deps.publishUri(uri, a.expiry)
        schedule(a)
      })
    } catch (error) {
      pairing = Promise.reject(error)
    }
    pairing.then(
      (session) => {
        if (a.done) return deps.onOrphanSession?.(session)
        finish(a)
        deps.clearUri()
        deps.onPhase('approved')
        a.waiter.resolve(session)
      },
      (error: unknown) => {
        if (a.done) return
        const declined = isRejection(error)
        // an older pairing lapsing after its replacement is expected; a refusal from any of them counts
        if (!declined && generation !== a.generation) return
        finish(a)
        deps.clearUri()
        deps.onPhase(declined ? 'declined' : 'failed', error)
        a.waiter.reject(declined ? new ConnectionDeclinedError(error) : new PairingFailedError(error))
      },
    )
  }

  return {
    /** An attempt is in progress. */
    get active(): boolean {
      return Boolean(current && !current.done)
    },
    /** The current pairing URI and its expiry, if one is showing. */
    get pairing(): { uri: string; expiry: number } | undefined {
      return current?.uri && current.expiry !== undefined ? { uri: current.uri, expiry: current.expiry } : undefined
    },
    /** Attempts started so far. */
    get attempts(): number {
      return attempts
    },

    /**
     * Starts an attempt and resolves with the session the wallet approves. While another attempt is in progress this
     * call takes it over (the earlier call rejects with WC_PAIRING_SUPERSEDED): on Telegram and iOS Safari it keeps the
     * pairing in progress or a still-valid one; elsewhere it starts a new pairing.
     */
    connect(): Promise<S> {
      const running = current && !current.done ? current : undefined
      if (running) {
        const previous = running.waiter
        const promise = new Promise<S>((resolve, reject) => (running.waiter = { resolve, reject }))
        previous.reject(new PairingSupersededError())
        if (deps.reusesPairing() && (running.starting || !expired(running))) {
          if (running.uri && running.expiry !== undefined) deps.publishUri(running.uri, running.expiry)
          deps.onPhase('pairing')
        } else startPairing(running)
        return promise
      }
      attempts++
      let waiter!: Waiter<S>
      const promise = new Promise<S>((resolve, reject) => (waiter = { resolve, reject }))
      const attempt: Attempt<S> = { waiter, generation: 0, starting: false, uri: undefined, expiry: undefined, timer: undefined, done: false }
      current = attempt
      startPairing(attempt)
      return promise
    },

    /**
     * A WalletConnect view showed up: keep the attempt's valid pairing (publishing its URI again, since closing the
     * modal or another view may have reset it) or replace an expired one. `false` when no attempt is in progress.
     */
    resume(): boolean {
      const a = current
      if (!a || a.done) return false
      if (a.starting) return true
      if (a.uri && a.expiry !== undefined && !expired(a)) {
        deps.publishUri(a.uri, a.expiry)
        deps.onPhase('pairing')
        return true
      }
      startPairing(a)
      return true
    },

    /** Replaces the current pairing with a new one now (the view's "refresh" button). */
    refresh(): boolean {
      const a = current
      if (!a || a.done) return false
      startPairing(a)
      return true
    },

    /** Gives up the attempt in progress; its `connect()` rejects with WC_PAIRING_ABORTED. */
    abort(reason?: string): void {
      const a = current
      if (!a || a.done) return
      finish(a)
      deps.clearUri()
      deps.onPhase('idle')
      a.waiter.reject(new PairingAbortedError(reason))
    },
  }
}
