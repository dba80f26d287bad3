import { describe, expect, it, vi } from 'vitest'
import { createHookFacade, createHooks } from './createHooks.js'

describe('kernel hooks', () => {
  it('behavior: the hooks object is frozen and plugins get a facade without call', () => {
    const hooks = createHooks()
    expect(Object.isFrozen(hooks)).toBe(true)
    const facade = createHookFacade(hooks, 'demo', { isActive: () => true, onTapError: () => {} })
    expect('call' in facade.resolveConnectMethods).toBe(false)
    expect(() => {
      ;(facade as any).extra = 1
    }).toThrow()
  })

  it('behavior: waterfall order follows stage and before, not registration order', () => {
    const hooks = createHooks()
    const a = createHookFacade(hooks, 'a', { isActive: () => true, onTapError: () => {} })
    const b = createHookFacade(hooks, 'b', { isActive: () => true, onTapError: () => {} })
    const c = createHookFacade(hooks, 'c', { isActive: () => true, onTapError: () => {} })
    a.resolveWalletFeatures.tap({ stage: 10 }, (list) => [...list, { id: 'a', label: 'A', view: 'A' }])
    b.resolveWalletFeatures.tap((list) => [...list, { id: 'b', label: 'B', view: 'B' }])
    c.resolveWalletFeatures.tap({ before: 'b' }, (list) => [...list, { id: 'c', label: 'C', view: 'C' }])
    expect(hooks.resolveWalletFeatures.call([]).map((f: { id: string }) => f.id)).toEqual(['c', 'b', 'a'])
  })

  it('error: a throwing tap is reported and skipped, the waterfall keeps its value', () => {
    const hooks = createHooks()
    const onTapError = vi.fn()
    createHookFacade(hooks, 'bad', { isActive: () => true, onTapError }).resolveWalletFeatures.tap(() => {
      throw new Error('boom')
    })
    createHookFacade(hooks, 'good', { isActive: () => true, onTapError }).resolveWalletFeatures.tap((l) => [
      ...l,
      { id: 'good', label: 'G', view: 'G' },
    ])
    expect(hooks.resolveWalletFeatures.call([]).map((f: { id: string }) => f.id)).toEqual(['good'])
    expect(onTapError).toHaveBeenCalledWith('resolveWalletFeatures', expect.any(Error))
  })

  it('behavior: an inactive (failed) plugin stops contributing', async () => {
    const hooks = createHooks()
    let active = true
    const seen: string[] = []
    const f = createHookFacade(hooks, 'p', { isActive: () => active, onTapError: () => {} })
    f.afterClose.tap(() => seen.push('close'))
    f.afterConnect.tapPromise(async () => {
      seen.push('connect')
    })
    f.shouldCloseModal.tap(() => false)
    hooks.afterClose.call()
    expect(hooks.shouldCloseModal.call()).toBe(false)
    active = false
    hooks.afterClose.call()
    await hooks.afterConnect.promise({})
    expect(hooks.shouldCloseModal.call()).toBeUndefined()
    expect(seen).toEqual(['close'])
  })
})
