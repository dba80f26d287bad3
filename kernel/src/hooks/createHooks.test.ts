import { KERNEL_HOOK_KINDS, type OpenRequest } from '@portico/contracts/plugin'
import { describe, expect, it, vi } from 'vitest'
import { createHookFacade, createHooks } from './createHooks.js'

const facade = (hooks: ReturnType<typeof createHooks>, name: string, onTapError: (hook: string, error: unknown) => void = () => {}) =>
  createHookFacade(hooks, name, { isActive: () => true, onTapError })

/** A beforeOpen tap that appends its name to the requested view, so the call order shows in the result. */
const append = (id: string) => (request: OpenRequest) => ({ ...request, view: `${request.view ?? ''}${id}` })

describe('kernel hooks', () => {
  it('behavior: the hooks object is frozen and plugins get a facade without call', () => {
    const hooks = createHooks()
    expect(Object.isFrozen(hooks)).toBe(true)
    const f = facade(hooks, 'demo')
    expect('call' in f.beforeOpen).toBe(false)
    expect('promise' in f.afterConnect).toBe(false)
    expect(() => {
      ;(f as any).extra = 1
    }).toThrow()
  })

  it('behavior: the kernel hooks are the lifecycle ones only', () => {
    const hooks = createHooks()
    expect(Object.keys(hooks).sort()).toEqual(Object.keys(KERNEL_HOOK_KINDS).sort())
    expect(Object.keys(hooks).filter((name) => name.startsWith('resolve'))).toEqual([])
  })

  it('behavior: waterfall order follows stage and before, not registration order', () => {
    const hooks = createHooks()
    facade(hooks, 'a').beforeOpen.tap({ stage: 10 }, append('a'))
    facade(hooks, 'b').beforeOpen.tap(append('b'))
    facade(hooks, 'c').beforeOpen.tap({ before: 'b' }, append('c'))
    expect(hooks.beforeOpen.call({})).toEqual({ view: 'cba' })
  })

  it('behavior: sync hooks call their taps in stage order', () => {
    const hooks = createHooks()
    const seen: string[] = []
    facade(hooks, 'late').afterOpen.tap({ stage: 5 }, ({ view }) => void seen.push(`late:${view}`))
    facade(hooks, 'early').afterOpen.tap({ stage: -5 }, ({ view }) => void seen.push(`early:${view}`))
    hooks.afterOpen.call({ view: 'Connect' })
    expect(seen).toEqual(['early:Connect', 'late:Connect'])
  })

  it('error: a throwing tap is reported and skipped, the waterfall keeps its value', () => {
    const hooks = createHooks()
    const onTapError = vi.fn()
    facade(hooks, 'bad', onTapError).beforeOpen.tap(() => {
      throw new Error('boom')
    })
    facade(hooks, 'good', onTapError).beforeOpen.tap(append('good'))
    expect(hooks.beforeOpen.call({ view: '' })).toEqual({ view: 'good' })
    expect(onTapError).toHaveBeenCalledWith('beforeOpen', expect.any(Error))
  })

  it('error: a throwing notification tap does not stop the others', () => {
    const hooks = createHooks()
    const onTapError = vi.fn()
    const seen = vi.fn()
    facade(hooks, 'bad', onTapError).afterOpen.tap(() => {
      throw new Error('boom')
    })
    facade(hooks, 'good', onTapError).afterOpen.tap(seen)
    hooks.afterOpen.call({ view: 'Connect' })
    expect(seen).toHaveBeenCalledOnce()
    expect(seen.mock.calls[0]![0]).toEqual({ view: 'Connect' })
    expect(onTapError).toHaveBeenCalledWith('afterOpen', expect.any(Error))
  })

  it('behavior: an inactive (failed) plugin stops contributing', async () => {
    const hooks = createHooks()
    let active = true
    const seen: string[] = []
    const f = createHookFacade(hooks, 'p', { isActive: () => active, onTapError: () => {} })
    f.afterClose.tap(() => void seen.push('close'))
    f.afterConnect.tapPromise(async () => {
      seen.push('connect')
    })
    f.shouldCloseModal.tap(() => false)
    f.beforeOpen.tap(() => ({ view: 'Rewritten' }))
    hooks.afterClose.call()
    expect(hooks.shouldCloseModal.call()).toBe(false)
    expect(hooks.beforeOpen.call({ view: 'Connect' })).toEqual({ view: 'Rewritten' })
    active = false
    hooks.afterClose.call()
    await hooks.afterConnect.promise({})
    expect(hooks.shouldCloseModal.call()).toBeUndefined()
    expect(hooks.beforeOpen.call({ view: 'Connect' })).toEqual({ view: 'Connect' })
    expect(seen).toEqual(['close'])
  })
})
