/**
 * The tab channel: a few hundred bytes in the kernel's first chunk that carry connection changes between the tabs of
 * one site (BroadcastChannel `portico:<projectId>`, else `storage` events on a localStorage key). It only moves
 * messages; the connection chunk validates and applies them (./sync.ts). A message that arrives before the
 * connection chunk is loaded is kept and `wake` is called, so a tab that never opened the modal follows as well.
 */

/** What travels between tabs: the sender's tab id and the change, both checked by the receiver. */
export type TabEnvelope = { from: string; message: unknown }

export type TabChannel = {
  /** This tab's id (messages carrying it are this tab's own and are dropped). */
  readonly tabId: string
  post(message: unknown): void
  /** Delivers other tabs' envelopes (and those kept while nobody listened); returns the unsubscribe function. */
  subscribe(listener: (envelope: TabEnvelope) => void): () => void
  close(): void
}

/** Messages kept for the connection chunk while it loads. */
const MAX_PENDING = 20

export const tabChannelName = (projectId: string | undefined) => `portico:${projectId ?? ''}`
/** The localStorage key of the `storage`-event fallback (written and removed at once). */
export const tabStorageKey = (projectId: string | undefined) => `${tabChannelName(projectId)}:tabs`

const newTabId = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

function localStorageOf(): Storage | undefined {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : undefined
  } catch {
    return undefined // storage blocked (some private modes, sandboxed frames)
  }
}

export function createTabChannel(projectId: string | undefined, wake?: () => void): TabChannel {
  const tabId = newTabId()
  const name = tabChannelName(projectId)
  const listeners = new Set<(envelope: TabEnvelope) => void>()
  const pending: TabEnvelope[] = []
  let closed = false

  const receive = (data: unknown) => {
    if (closed || typeof data !== 'object' || data === null) return
    const envelope = data as TabEnvelope
    if (typeof envelope.from !== 'string' || envelope.from === tabId) return
    if (listeners.size === 0) {
      pending.push(envelope)
      if (pending.length > MAX_PENDING) pending.shift()
      wake?.()
      return
    }
    for (const listener of [...listeners]) listener(envelope)
  }

  let send: (envelope: TabEnvelope) => void = () => {}
  let stop = () => {}
  // no tabs on a server: kernels rendered there (one per request) must not hear each other
  const inBrowser = typeof window !== 'undefined'
  if (inBrowser && typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(name)
    channel.onmessage = (event: MessageEvent) => receive(event.data)
    // Node (SSR, tests): an open channel must not keep the process alive; browsers have no `unref`
    ;(channel as { unref?: () => void }).unref?.()
    send = (envelope) => channel.postMessage(envelope)
    stop = () => channel.close()
  } else if (inBrowser) {
    const storage = localStorageOf()
    const key = tabStorageKey(projectId)
    if (storage) {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== key || !event.newValue) return
        try {
          receive(JSON.parse(event.newValue))
        } catch {
          /* not ours, or corrupt: ignored */
        }
      }
      window.addEventListener('storage', onStorage)
      let n = 0
      send = (envelope) => {
        // a fresh value each time (`n`), removed at once: other tabs get a `storage` event, nothing stays stored
        storage.setItem(key, JSON.stringify({ ...envelope, n: ++n }))
        storage.removeItem(key)
      }
      stop = () => window.removeEventListener('storage', onStorage)
    }
  }

  return {
    tabId,
    post(message) {
      if (closed) return
      try {
        send({ from: tabId, message })
      } catch {
        /* an uncloneable message or full storage: other tabs miss this change, this one is unaffected */
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      for (const envelope of pending.splice(0)) listener(envelope)
      return () => void listeners.delete(listener)
    },
    close() {
      closed = true
      listeners.clear()
      pending.length = 0
      stop()
    },
  }
}
