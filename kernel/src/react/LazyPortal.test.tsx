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
})
