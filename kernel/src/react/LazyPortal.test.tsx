import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestKernel, testView, viewsPlugin, withKernel } from '@portico/tests/react'

const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
/** A turn of the real event loop (React's scheduler runs on setImmediate here; setTimeout is faked). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

let root: Root | undefined
afterEach(() => {
  root?.unmount()
  root = undefined
  vi.useRealTimers()
  g.IS_REACT_ACT_ENVIRONMENT = true
  document.body.innerHTML = ''
})

describe('lazy modal shell', () => {
  it('behavior: the first open shows the dialog and its view as soon as the shell chunk is there, with no timer to wait for (no Suspense reveal throttle)', async () => {
    // outside act(): React skips its Suspense throttling inside act, which is what this checks for
    g.IS_REACT_ACT_ENVIRONMENT = false
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const kernel = createTestKernel({ plugins: [viewsPlugin({ Connect: testView('Connect', () => 'connect view', { title: 'Connect Wallet' }) })] })
    await kernel.ready
    const container = document.body.appendChild(document.createElement('div'))
    root = createRoot(container)
    root.render(withKernel(kernel))
    for (let i = 0; i < 5; i++) await turn()
    expect(document.querySelector('[data-testid="portico-modal"]')).toBeNull()

    const opened = kernel.open()
    for (let i = 0; i < 5; i++) await turn() // the shell's fallback (nothing) is committed while its chunk loads
    await import('./modal/Modal.js') // the chunk is there
    await opened
    for (let i = 0; i < 30 && !document.body.textContent?.includes('connect view'); i++) await turn()
    // no fake timer was advanced: with lazy() + <Suspense> React would hold this back ~300 ms on a timer
    expect(document.querySelector('[data-testid="portico-modal"]')).not.toBeNull()
    expect(document.body.textContent).toContain('connect view')
    kernel.destroy()
  })

  it('a11y: the toast that mounts the shell is said by live regions on the page since the first render; later ones by the shell', async () => {
    const kernel = createTestKernel({ plugins: [viewsPlugin({ Connect: testView('Connect') })] })
    await kernel.ready
    const container = document.body.appendChild(document.createElement('div'))
    root = createRoot(container)
    act(() => root!.render(withKernel(kernel)))
    const polite = document.querySelector('[data-testid="toast-announcer"]')!
    const assertive = document.querySelector('[data-testid="toast-announcer-alert"]')!
    expect([polite.getAttribute('aria-live'), assertive.getAttribute('aria-live')]).toEqual(['polite', 'assertive'])
    expect([polite.textContent, assertive.textContent]).toEqual(['', ''])

    act(() => kernel.notify.toast('Address copied', 'success'))
    // the same region nodes, now holding the text
    expect(document.querySelector('[data-testid="toast-announcer"]')).toBe(polite)
    expect(polite.textContent).toBe('Address copied')

    // once the shell is on the page its own region (there before the next toast) says the next one
    await act(async () => {
      await import('./modal/Modal.js')
      for (let i = 0; i < 10; i++) await turn()
    })
    expect(document.querySelector('[data-testid="toast"]')).not.toBeNull()
    act(() => kernel.notify.hideToast())
    act(() => kernel.notify.toast('Network switched', 'error'))
    await act(async () => {
      for (let i = 0; i < 10 && !document.querySelector('[data-testid="toast"]'); i++) await turn()
    })
    expect([polite.textContent, assertive.textContent]).toEqual(['', ''])
    expect(document.querySelector('[data-testid="toast"]')?.textContent).toContain('Network switched')
    kernel.destroy()
  })

  it('a11y: an error toast that mounts the shell goes to the assertive region', async () => {
    const kernel = createTestKernel()
    await kernel.ready
    root = createRoot(document.body.appendChild(document.createElement('div')))
    act(() => root!.render(withKernel(kernel)))
    act(() => kernel.notify.toast('Signature declined', 'error'))
    expect(document.querySelector('[data-testid="toast-announcer-alert"]')?.textContent).toBe('Signature declined')
    expect(document.querySelector('[data-testid="toast-announcer"]')?.textContent).toBe('')
    kernel.destroy()
  })
})
