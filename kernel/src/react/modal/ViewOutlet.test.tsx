import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Kernel } from '../../kernel/types.js'
import { createTestKernel, testView, viewsPlugin, withKernel } from '@portico/tests/react'
import { ViewOutlet } from './ViewOutlet.js'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
})

async function setup() {
  const kernel = createTestKernel({ plugins: [viewsPlugin({ Connect: testView('Connect', () => 'connect view', { title: 'Connect Wallet' }) })] })
  kernels.push(kernel)
  await kernel.ready
  return kernel
}

describe('view outlet', () => {
  it('behavior: the first view comes in with the card, without a transition of its own (also after the opening spinner); later views slide', async () => {
    const kernel = createTestKernel({
      plugins: [viewsPlugin({ Connect: testView('Connect', () => 'connect view'), Networks: testView('Networks', () => 'networks view') })],
    })
    kernels.push(kernel)
    await kernel.ready
    render(withKernel(kernel, <ViewOutlet />))
    // the modal opened before its first view was known: the spinner, then the view
    expect(screen.getByTestId('view-loading').closest('.portico-view')?.getAttribute('data-direction')).toBe('initial')
    act(() => kernel.router.reset('Connect'))
    const connect = await screen.findByTestId('view-Connect')
    expect(connect.closest('.portico-view')?.getAttribute('data-direction')).toBe('initial')
    act(() => kernel.router.push('Networks'))
    const networks = await screen.findByTestId('view-Networks')
    expect(networks.closest('.portico-view')?.getAttribute('data-direction')).toBe('forward')
    act(() => kernel.router.goBack())
    expect((await screen.findByTestId('view-Connect')).closest('.portico-view')?.getAttribute('data-direction')).toBe('back')
  })

  it('behavior: a view whose chunk is already loaded (preloaded) renders in the first commit, with no spinner, and reports its entry', async () => {
    const kernel = await setup()
    await kernel.plugins.resolveView('Connect') // what kernel.preload() does for the first view
    kernel.router.reset('Connect')
    const onResolved = vi.fn()
    render(withKernel(kernel, <ViewOutlet onResolved={onResolved} />))
    // synchronously after the first commit: nothing awaited
    expect(screen.queryByTestId('view-loading')).toBeNull()
    expect(screen.getByTestId('view-Connect').textContent).toBe('connect view')
    expect(onResolved).toHaveBeenCalledWith('Connect', expect.objectContaining({ title: 'Connect Wallet' }))
  })

  it('behavior: a view not loaded yet shows the spinner, then the view', async () => {
    const kernel = await setup()
    kernel.router.reset('Connect')
    render(withKernel(kernel, <ViewOutlet />))
    expect(screen.getByTestId('view-loading').getAttribute('role')).toBe('status')
    expect(kernel.plugins.peekView('Connect')).toBeUndefined()
    expect((await screen.findByTestId('view-Connect')).textContent).toBe('connect view')
    expect(kernel.plugins.peekView('Connect')?.plugin).toBe('test-views')
  })
})
