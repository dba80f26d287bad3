import type { Contribution, ContributionHandle, ExtensionItem, ExtensionPointId, PorticoState } from '@portico/contracts/plugin'

type Entry = { plugin: string; seq: number; contribution: Contribution<unknown> }
type Cached = { state: PorticoState; version: number; items: readonly unknown[] }

export type ExtensionsDeps = {
  getState: () => PorticoState
  log: (level: 'debug' | 'warn' | 'error', ...args: unknown[]) => void
}

const sameItems = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i])

/**
 * The extension points: plugins contribute items (as data, from the store, or by rewriting the list) to points
 * that other plugins own and read. The kernel knows no point by name. Reading is memoised per point on the state
 * and the contributions, and returns the same array while nothing it depends on changed, so React can subscribe.
 * A contributor that throws is skipped and logged: one broken plugin cannot empty another's list.
 */
export function createExtensions(deps: ExtensionsDeps) {
  const points = new Map<string, Entry[]>()
  const versions = new Map<string, number>()
  const listeners = new Map<string, Set<() => void>>()
  const cache = new Map<string, Cached>()
  let seq = 0

  function changed(point: string) {
    versions.set(point, (versions.get(point) ?? 0) + 1)
    for (const l of [...(listeners.get(point) ?? [])]) l()
  }

  function guarded<T>(entry: Entry, point: string, fn: () => T, fallback: T): T {
    try {
      return fn()
    } catch (error) {
      deps.log('error', `[portico] plugin "${entry.plugin}" threw contributing to "${point}":`, error)
      return fallback
    }
  }

  function contribute<P extends ExtensionPointId>(plugin: string, point: P, contribution: Contribution<ExtensionItem<P>>): ContributionHandle<ExtensionItem<P>> {
    const entry: Entry = { plugin, seq: seq++, contribution: contribution as Contribution<unknown> }
    points.set(point, [...(points.get(point) ?? []), entry])
    changed(point)
    let withdrawn = false
    return {
      update(next) {
        if (withdrawn) return
        entry.contribution = next as Contribution<unknown>
        changed(point)
      },
      withdraw() {
        if (withdrawn) return
        withdrawn = true
        points.set(point, (points.get(point) ?? []).filter((e) => e !== entry))
        changed(point)
      },
    }
  }

  function read<P extends ExtensionPointId>(point: P, state: PorticoState = deps.getState()): readonly ExtensionItem<P>[] {
    const version = versions.get(point) ?? 0
    const cached = cache.get(point)
    if (cached && cached.state === state && cached.version === version) return cached.items as readonly ExtensionItem<P>[]
    const entries = [...(points.get(point) ?? [])].sort((a, b) => (a.contribution.stage ?? 0) - (b.contribution.stage ?? 0) || a.seq - b.seq)
    let items: readonly unknown[] = []
    for (const e of entries) {
      const { items: data, select } = e.contribution
      const picked = select ? guarded(e, point, () => select(state), []) : []
      const selected = Array.isArray(picked) ? picked : [] // a select returning no array adds nothing (and cannot break the read)
      if (data?.length || selected.length) items = [...items, ...(data ?? []), ...selected]
    }
    for (const e of entries) {
      const { transform } = e.contribution
      if (!transform) continue
      const next = guarded(e, point, () => transform(items, state), items)
      if (Array.isArray(next)) items = next
    }
    const result = cached && sameItems(cached.items, items) ? cached.items : Object.freeze([...items])
    cache.set(point, { state, version, items: result })
    return result as readonly ExtensionItem<P>[]
  }

  return {
    contribute,
    read,
    /** Called when a point's contributions change (state changes are the store's to announce). */
    subscribe(point: string, listener: () => void) {
      const set = listeners.get(point) ?? new Set()
      listeners.set(point, set.add(listener))
      return () => void set.delete(listener)
    },
    /** Withdraws every contribution of a plugin (it failed, or was torn down). */
    withdrawAll(plugin: string) {
      for (const [point, entries] of points) {
        const kept = entries.filter((e) => e.plugin !== plugin)
        if (kept.length !== entries.length) (points.set(point, kept), changed(point))
      }
    },
  }
}

export type Extensions = ReturnType<typeof createExtensions>
