import type { PorticoState } from '@portico/contracts/plugin'
import { describe, expect, it, vi } from 'vitest'
import { createExtensions } from './createExtensions.js'

declare module '@portico/contracts/plugin' {
  interface ExtensionPoints {
    'test/items': { id: string }
  }
}

type Item = { id: string }
const item = (id: string): Item => ({ id })
const ids = (items: readonly Item[]) => items.map((i) => i.id)

/** A store stand-in: `set` replaces the state object, as a reducer would. */
function fixture(initial: Record<string, unknown> = {}) {
  let state = { ...initial } as unknown as PorticoState
  const log = vi.fn()
  const extensions = createExtensions({ getState: () => state, log })
  return {
    extensions,
    log,
    set: (patch: Record<string, unknown>) => void (state = { ...(state as object), ...patch } as unknown as PorticoState),
    read: () => extensions.read('test/items'),
  }
}
const wallets = (state: PorticoState) => (state as unknown as { wallets?: readonly Item[] }).wallets ?? []

describe('extension points', () => {
  it('behavior: items and selected items are appended in stage order, then in contribution order; transforms run after', () => {
    const { extensions, read } = fixture({ wallets: [item('from-store')] })
    extensions.contribute('late', 'test/items', { items: [item('late')], stage: 10 })
    extensions.contribute('a', 'test/items', { items: [item('a1'), item('a2')] })
    extensions.contribute('rewriter', 'test/items', { transform: (items) => [...items].reverse(), stage: -5 })
    extensions.contribute('store', 'test/items', { select: wallets })
    extensions.contribute('early', 'test/items', { items: [item('early')], stage: -1 })
    extensions.contribute('decorator', 'test/items', { transform: (items) => items.map((i) => ({ id: `${i.id}!` })) })
    // items: early (-1), a1 a2 (0), from-store (0, later), late (10); then reverse (-5) then decorate (0)
    expect(ids(read())).toEqual(['late!', 'from-store!', 'a2!', 'a1!', 'early!'])
  })

  it('behavior: one contribution may give items, select and transform; transforms see the state', () => {
    const { extensions, read } = fixture({ wallets: [item('w')], hidden: 'a' })
    extensions.contribute('p', 'test/items', {
      items: [item('a'), item('b')],
      select: wallets,
      transform: (items, state) => items.filter((i) => i.id !== (state as unknown as { hidden: string }).hidden),
    })
    expect(ids(read())).toEqual(['b', 'w'])
  })

  it('behavior: a point no one contributed to reads as an empty list', () => {
    const { read } = fixture()
    expect(read()).toEqual([])
    expect(read()).toBe(read())
  })

  it('behavior: reading is memoised: the same state and contributions give the same array', () => {
    const f = fixture({ wallets: [item('w')], other: 1 })
    f.extensions.contribute('p', 'test/items', { items: [item('a')], select: wallets })
    const first = f.read()
    expect(f.read()).toBe(first)
    // a state change that leaves every selected value as it was keeps the array
    f.set({ other: 2 })
    expect(f.read()).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
  })

  it('behavior: a changed selected value gives a new array', () => {
    const f = fixture({ wallets: [item('w1')] })
    f.extensions.contribute('p', 'test/items', { select: wallets })
    const first = f.read()
    f.set({ wallets: [item('w1'), item('w2')] })
    const second = f.read()
    expect(second).not.toBe(first)
    expect(ids(second)).toEqual(['w1', 'w2'])
    expect(f.read()).toBe(second)
  })

  it('behavior: an updated contribution gives a new array; updating to the same items keeps it', () => {
    const f = fixture()
    const a = item('a')
    const handle = f.extensions.contribute('p', 'test/items', { items: [a] })
    const first = f.read()
    handle.update({ items: [a] })
    expect(f.read()).toBe(first)
    handle.update({ items: [a, item('b')] })
    expect(f.read()).not.toBe(first)
    expect(ids(f.read())).toEqual(['a', 'b'])
  })

  it('error: a contributor that throws is skipped and logged; the others still make the list', () => {
    const f = fixture()
    f.extensions.contribute('good', 'test/items', { items: [item('good')] })
    f.extensions.contribute('bad-select', 'test/items', {
      select: () => {
        throw new Error('select exploded')
      },
    })
    f.extensions.contribute('bad-transform', 'test/items', {
      transform: () => {
        throw new Error('transform exploded')
      },
    })
    f.extensions.contribute('late', 'test/items', { items: [item('late')], stage: 1 })
    expect(ids(f.read())).toEqual(['good', 'late'])
    expect(f.log).toHaveBeenCalledWith('error', expect.stringContaining('"bad-select"'), expect.objectContaining({ message: 'select exploded' }))
    expect(f.log).toHaveBeenCalledWith('error', expect.stringContaining('"bad-transform"'), expect.objectContaining({ message: 'transform exploded' }))
    expect(f.log.mock.calls[0]![1]).toContain('"test/items"')
  })

  it('error: a select or transform that returns something other than an array leaves the list as it was', () => {
    const f = fixture()
    f.extensions.contribute('good', 'test/items', { items: [item('good')] })
    f.extensions.contribute('odd-select', 'test/items', { select: () => undefined as never })
    f.extensions.contribute('odd-transform', 'test/items', { transform: () => undefined as never })
    f.extensions.contribute('late', 'test/items', { items: [item('late')], stage: 1 })
    expect(ids(f.read())).toEqual(['good', 'late'])
  })

  it("behavior: withdraw removes one contribution; withdrawAll removes every contribution of a plugin, on every point", () => {
    const f = fixture()
    f.extensions.contribute('a', 'test/items', { items: [item('a1')] })
    const second = f.extensions.contribute('a', 'test/items', { items: [item('a2')] })
    f.extensions.contribute('b', 'test/items', { items: [item('b')] })
    f.extensions.contribute('a', 'test/other' as 'test/items', { items: [item('elsewhere')] })
    second.withdraw()
    expect(ids(f.read())).toEqual(['a1', 'b'])
    second.withdraw() // twice is harmless
    second.update({ items: [item('ghost')] }) // a withdrawn handle changes nothing
    expect(ids(f.read())).toEqual(['a1', 'b'])
    f.extensions.withdrawAll('a')
    expect(ids(f.read())).toEqual(['b'])
    expect(f.extensions.read('test/other' as 'test/items')).toEqual([])
  })

  it('behavior: subscribers of a point are told of contribute, update and withdraw, and of nothing after unsubscribing', () => {
    const f = fixture()
    const listener = vi.fn()
    const other = vi.fn()
    const unsubscribe = f.extensions.subscribe('test/items', listener)
    f.extensions.subscribe('test/other', other)
    const handle = f.extensions.contribute('p', 'test/items', { items: [item('a')] })
    expect(listener).toHaveBeenCalledTimes(1)
    handle.update({ items: [item('b')] })
    expect(listener).toHaveBeenCalledTimes(2)
    handle.withdraw()
    expect(listener).toHaveBeenCalledTimes(3)
    f.extensions.contribute('q', 'test/items', { items: [item('c')] })
    f.extensions.withdrawAll('q')
    expect(listener).toHaveBeenCalledTimes(5)
    f.extensions.withdrawAll('nobody')
    expect(listener).toHaveBeenCalledTimes(5)
    expect(other).not.toHaveBeenCalled()
    unsubscribe()
    f.extensions.contribute('p', 'test/items', { items: [item('d')] })
    expect(listener).toHaveBeenCalledTimes(5)
  })
})
