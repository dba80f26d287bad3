import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createTestKernel, withKernel } from '@portico/tests/react'
import { Lazy } from './Lazy.js'
import { preloadLazy } from './lazyCache.js'

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>

describe('Lazy', () => {
  it('behavior: a spinner while it loads, then the component; shown again, it renders at once without loading again', async () => {
    const kernel = createTestKernel()
    const load = vi.fn(async () => ({ default: Hello }))
    const first = render(withKernel(kernel, <Lazy id="hello" load={load} props={{ name: 'Ada' }} />))
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy()
    expect(await screen.findByText('hello Ada')).toBeTruthy()
    first.unmount()
    render(withKernel(kernel, <Lazy id="hello" load={load} props={{ name: 'Grace' }} />))
    // the same commit: no spinner in between
    expect(screen.getByText('hello Grace')).toBeTruthy()
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull()
    await act(async () => {})
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('error: a failed load shows the message and a retry that loads again', async () => {
    const kernel = createTestKernel()
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: Hello })
    render(withKernel(kernel, <Lazy id="x" load={load} props={{ name: 'Ada' }} errorMessage="Could not load it." />))
    expect(await screen.findByText('Could not load it.')).toBeTruthy()
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click())
    expect(await screen.findByText('hello Ada')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('behavior: preloadLazy before the mount: the component shows in the first render, loaded once', async () => {
    const kernel = createTestKernel()
    const load = vi.fn(async () => ({ default: Hello }))
    await preloadLazy(load)
    render(withKernel(kernel, <Lazy id="pre" load={load} props={{ name: 'Ada' }} />))
    expect(screen.getByText('hello Ada')).toBeTruthy()
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('behavior: a Lazy mounted while its preload is under way waits on that same download', async () => {
    const kernel = createTestKernel()
    let resolve!: (m: { default: typeof Hello }) => void
    const load = vi.fn(() => new Promise<{ default: typeof Hello }>((r) => (resolve = r)))
    const preloaded = preloadLazy(load)
    await act(async () => {})
    render(withKernel(kernel, <Lazy id="pending" load={load} props={{ name: 'Grace' }} />))
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy()
    await act(async () => resolve({ default: Hello }))
    await preloaded
    expect(await screen.findByText('hello Grace')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('error: a failed preload is not kept: the Lazy loads again and shows the component', async () => {
    const kernel = createTestKernel()
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: Hello })
    await expect(preloadLazy(load)).rejects.toThrow('offline')
    render(withKernel(kernel, <Lazy id="again" load={load} props={{ name: 'Ada' }} />))
    expect(await screen.findByText('hello Ada')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('error: a module without a component shows the error state', async () => {
    const kernel = createTestKernel()
    const load = vi.fn(async () => ({ default: 'not a component' }) as never)
    render(withKernel(kernel, <Lazy id="broken" load={load} errorMessage="Could not load it." />))
    expect(await screen.findByText('Could not load it.')).toBeTruthy()
  })
})
