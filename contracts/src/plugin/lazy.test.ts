import { describe, expect, it, vi } from 'vitest'
import { errorMappedBinder, forwardMethods, lazyInstance } from './lazy.js'

const instance = () => ({ destroy: vi.fn(), greet: async (name: string) => `hello ${name}` })

describe('lazyInstance', () => {
  it('behavior: creates once on first load, and current() is the instance afterwards', async () => {
    const create = vi.fn(async () => instance())
    const lazy = lazyInstance(create)
    expect(create).not.toHaveBeenCalled()
    expect(lazy.current()).toBeUndefined()
    const [a, b] = await Promise.all([lazy.load(), lazy.load()])
    expect(a).toBe(b)
    expect(lazy.current()).toBe(a)
    expect(create).toHaveBeenCalledTimes(1)
  })

  it('behavior: a failed create is tried again on the next load', async () => {
    const create = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(instance())
    const lazy = lazyInstance(create)
    await expect(lazy.load()).rejects.toThrow('chunk failed')
    await expect(lazy.load()).resolves.toBeDefined()
    expect(create).toHaveBeenCalledTimes(2)
  })

  it('behavior: destroyed before it arrived, the instance is destroyed when it does; after, at once', async () => {
    let resolve!: (v: ReturnType<typeof instance>) => void
    const lazy = lazyInstance(() => new Promise<ReturnType<typeof instance>>((r) => (resolve = r)))
    const loading = lazy.load()
    lazy.destroy()
    const made = instance()
    resolve(made)
    await loading
    await Promise.resolve()
    expect(made.destroy).toHaveBeenCalled()

    const other = lazyInstance(async () => instance())
    const loaded = await other.load()
    other.destroy()
    await Promise.resolve()
    expect(loaded.destroy).toHaveBeenCalled()
  })
})

describe('forwardMethods and errorMappedBinder', () => {
  it('behavior: forwarded methods load the target first and pass their arguments', async () => {
    const load = vi.fn(async () => instance())
    const methods = forwardMethods(load, ['greet'] as const)
    expect(load).not.toHaveBeenCalled()
    await expect(methods.greet('ada')).resolves.toBe('hello ada')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('behavior: a bound method gets the context; what it throws is mapped with its action', async () => {
    const bind = errorMappedBinder({ prefix: 'hi' }, (error, action: 'connect' | 'sign') => new Error(`${action}: ${(error as Error).message}`))
    const ok = bind('connect', async (ctx, name: string) => `${ctx.prefix} ${name}`)
    await expect(ok('bob')).resolves.toBe('hi bob')
    const failing = bind('sign', async () => {
      throw new Error('declined')
    })
    await expect(failing(undefined)).rejects.toThrow('sign: declined')
  })
})
