/** The modal's shell in the browser: back, close, Escape and the toast sequence (SPEC §2 rules). */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { callKernel, demoUrl, kernelState, openPage, waitForState, type DemoPage } from '../utils/browser.ts'

const stack = inject('stack')
let demo: DemoPage
beforeEach(async () => {
  demo = await openPage(demoUrl(stack.urls.demo, { debug: '1' }))
  await demo.page.getByTestId('connect-button').click()
  await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible' })
})
afterEach(async () => {
  await demo?.close()
})

const modal = () => demo.page.getByTestId('portico-modal')
const history = () => kernelState<{ view: string }[]>(demo.page, 's => s.router.history')

describe('modal', () => {
  it('opens on Connect with no back button', async () => {
    expect(await kernelState(demo.page, 's => s.modal.open')).toBe(true)
    expect((await history()).map((h) => h.view)).toEqual(['Connect'])
    expect(await demo.page.getByTestId('header-back').isVisible()).toBe(false)
  })

  it('closes with the close button and returns focus to the opener', async () => {
    await demo.page.getByTestId('modal-close').click()
    await modal().waitFor({ state: 'hidden' })
    expect(await kernelState(demo.page, 's => s.modal.open')).toBe(false)
    await demo.page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'connect-button')
  })

  it('closes with Escape', async () => {
    await demo.page.keyboard.press('Escape')
    await modal().waitFor({ state: 'hidden' })
    expect(await kernelState(demo.page, 's => s.modal.open')).toBe(false)
  })

  it('goes back to the previous view, and closes when one view remains', async () => {
    await callKernel(demo.page, 'k => k.router.push("Networks")')
    await demo.page.getByTestId('view-Networks').waitFor({ state: 'visible' })
    expect((await history()).map((h) => h.view)).toEqual(['Connect', 'Networks'])
    await demo.page.getByTestId('header-back').click()
    await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible' })
    expect((await history()).map((h) => h.view)).toEqual(['Connect'])
    expect(await demo.page.getByTestId('header-back').isVisible()).toBe(false)
    // one view left: going back closes the modal
    await callKernel(demo.page, 'k => k.router.goBack()')
    await modal().waitFor({ state: 'hidden' })
  })

  it('closes on back when the history holds UnsupportedChain', async () => {
    await callKernel(demo.page, 'k => k.router.push("UnsupportedChain")')
    await demo.page.getByTestId('view-UnsupportedChain').waitFor({ state: 'visible' })
    await callKernel(demo.page, 'k => k.router.push("Networks")')
    await demo.page.getByTestId('view-Networks').waitFor({ state: 'visible' })
    await callKernel(demo.page, 'k => k.router.goBack()')
    await modal().waitFor({ state: 'hidden' })
    expect(await kernelState(demo.page, 's => s.modal.open')).toBe(false)
  })

  it('shows a toast, and a new toast closes the open one and shows after 150 ms', async () => {
    const toast = demo.page.getByTestId('toast')
    await callKernel(demo.page, 'k => k.notify.toast("Copied", "success")')
    await toast.waitFor({ state: 'visible' })
    expect(await toast.textContent()).toContain('Copied')
    expect(await toast.getAttribute('data-variant')).toBe('success')

    // the second toast: the first closes at once, the second opens 150 ms later
    const seen = await demo.page.evaluate(async () => {
      const k = (window as any).__portico
      k.notify.toast('Failed to send', 'error')
      const immediately = k.getState().notifications.toast
      const t0 = performance.now()
      while (!k.getState().notifications.toast.open && performance.now() - t0 < 2000) await new Promise((r) => setTimeout(r, 5))
      return { immediately, reopenedAfter: performance.now() - t0, now: k.getState().notifications.toast }
    })
    expect(seen.immediately.open).toBe(false)
    expect(seen.reopenedAfter).toBeGreaterThanOrEqual(100)
    expect(seen.now).toMatchObject({ open: true, message: 'Failed to send', variant: 'error' })
    await demo.page.waitForFunction(() => document.querySelector('[data-testid=toast]')?.textContent?.includes('Failed to send'))
    expect(await toast.getAttribute('data-variant')).toBe('error')
  })

  it('shows the loading toast variant', async () => {
    await callKernel(demo.page, 'k => k.notify.toast("Waiting for signature", "loading")')
    await waitForState(demo.page, 's => s.notifications.toast.open')
    await demo.page.getByTestId('toast').waitFor({ state: 'visible' })
    expect(await demo.page.getByTestId('toast').getAttribute('data-variant')).toBe('loading')
  })
})
