import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ComponentModule, ViewEntry } from '@portico/contracts/plugin'
import type { Kernel } from '../../kernel/types.js'
import { modalSlice, themeSlice } from '../../store/index.js'
import { createMemoryStorage } from '../../storage/createStorage.js'
import { FIRST_VIEW_GRACE_MS } from './Modal.js'
import { createTestKernel, testView, viewsPlugin, withKernel } from '@portico/tests/react'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  document.body.innerHTML = ''
})

function buttons(n: number) {
  return () => (
    <>
      {Array.from({ length: n }, (_, i) => (
        <button key={i} type="button">
          item {i + 1}
        </button>
      ))}
    </>
  )
}

async function setup(options: Parameters<typeof createTestKernel>[0] = {}, views = {}) {
  const kernel = createTestKernel({
    plugins: [
      viewsPlugin({
        Connect: testView('Connect', buttons(2), { title: 'Connect Wallet' }),
        Account: testView('Account'),
        Networks: testView('Networks', () => 'networks list', { title: 'Choose network' }),
        Success: testView('Success', () => 'done', { hideBack: true }),
        ...views,
      }),
    ],
    ...options,
  })
  kernels.push(kernel)
  await kernel.ready
  const opener = document.createElement('button')
  opener.textContent = 'open'
  document.body.appendChild(opener)
  const utils = render(withKernel(kernel))
  return { kernel, opener, ...utils }
}

async function open(kernel: Kernel, view?: string, data?: unknown) {
  await act(() => kernel.open(view, data))
}

describe('modal shell', () => {
  it('behavior: the backdrop shows at once; the card waits for its first view, or shows its loading state after the grace', async () => {
    // the stored session is still being read (the first open waits for it) until the test ends it
    let finish!: () => void
    const gate = new Promise<void>((resolve) => (finish = resolve))
    const memory = createMemoryStorage()
    const storage = { ...memory, getItem: async <T,>(key: string) => (await gate, memory.getItem<T>(key)) }
    const kernel = createTestKernel({ plugins: [viewsPlugin({ Connect: testView('Connect') })], storage })
    kernels.push(kernel)
    render(withKernel(kernel))
    await act(async () => void kernel.open())
    expect(await screen.findByTestId('modal-backdrop')).toBeTruthy()
    // no card (and no spinner drawn for a moment) while the first view may still come quickly
    expect(screen.queryByRole('dialog')).toBeNull()
    // the plugins still load after the grace: the card shows its loading state
    const loading = await screen.findByTestId('view-loading', {}, { timeout: FIRST_VIEW_GRACE_MS + 2000 })
    expect(loading.closest('[role="dialog"]')).toBeTruthy()
    await act(async () => finish())
    expect(await screen.findByTestId('view-Connect')).toBeTruthy()
  })

  it('behavior: a first view that is ready within the grace comes with the card: no loading state is ever drawn', async () => {
    const { kernel } = await setup()
    const seen: string[] = []
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="view-loading"]')) seen.push('loading')
    })
    observer.observe(document.body, { childList: true, subtree: true })
    await open(kernel)
    expect(await screen.findByTestId('view-Connect')).toBeTruthy()
    observer.disconnect()
    expect(seen).toEqual([])
  })

  it("behavior: an open waits (briefly) for its first view's component, so the card never draws the view's loading state first", async () => {
    // the plugins and the stored session are ready when the test says so; the view's chunk a moment later
    let finish!: () => void
    const gate = new Promise<void>((resolve) => (finish = resolve))
    const memory = createMemoryStorage()
    const storage = { ...memory, getItem: async <T,>(key: string) => (await gate, memory.getItem<T>(key)) }
    let release: ((module: ComponentModule) => void) | undefined
    const slow: ViewEntry = { title: 'Slow', load: () => new Promise<ComponentModule>((resolve) => (release = resolve)) }
    // not waiting for kernel.ready: it reads the gated storage too
    const kernel = createTestKernel({ plugins: [viewsPlugin({ Connect: testView('Connect'), Slow: slow })], storage })
    kernels.push(kernel)
    render(withKernel(kernel))
    const seen: string[] = []
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="view-loading"]')) seen.push('loading')
    })
    observer.observe(document.body, { childList: true, subtree: true })
    await act(async () => void kernel.open('Slow'))
    await act(async () => finish())
    // the view's chunk is asked for once the plugins are set up; it arrives a moment later
    await waitFor(() => expect(release).toBeTypeOf('function'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    await act(async () => release!({ default: () => <div data-testid="view-Slow">slow</div> } as never))
    expect(await screen.findByTestId('view-Slow')).toBeTruthy()
    observer.disconnect()
    expect(seen).toEqual([])
  })

  it('behavior: nothing renders until the modal opens; then a labelled modal dialog with the view', async () => {
    const { kernel } = await setup()
    expect(screen.queryByTestId('portico-modal')).toBeNull()
    await open(kernel)
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.getAttribute('data-testid')).toBe('portico-modal')
    expect(await within(dialog).findByTestId('view-Connect')).toBeTruthy()
    expect(screen.getByTestId('header-title').textContent).toBe('Connect Wallet')
    // the portal lives on document.body, outside the render container
    expect(dialog.closest('[data-portico-portal]')?.parentElement).toBe(document.body)
  })

  it('behavior: a modal closed before its card painted leaves the focus on the opener (the deferred focus is dropped)', async () => {
    const { kernel, opener } = await setup()
    opener.focus()
    await open(kernel)
    await screen.findByRole('dialog')
    act(() => kernel.close())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(document.activeElement).toBe(opener)
  })

  it('behavior: focus moves into the dialog, Tab and Shift+Tab stay inside, Escape closes and focus returns to the opener', async () => {
    const { kernel, opener } = await setup()
    opener.focus()
    await open(kernel)
    const dialog = await screen.findByRole('dialog')
    await screen.findByTestId('view-Connect')
    // once the card has painted (a frame, then a task)
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))

    const close = screen.getByTestId('modal-close')
    const last = screen.getByRole('button', { name: 'item 2' })
    last.focus()
    fireEvent.keyDown(last, { key: 'Tab' })
    expect(document.activeElement).toBe(close)
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)

    // focus escaping to the page behind is brought back
    act(() => opener.focus())
    expect(dialog.contains(document.activeElement)).toBe(true)

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(kernel.getState().modal.open).toBe(false)
    expect(document.activeElement).toBe(opener)
    await waitFor(() => expect(screen.queryByTestId('portico-modal')).toBeNull())
  })

  it('a11y: after a view change made inside the modal focus moves to the new view, never to <body>', async () => {
    const { kernel, opener } = await setup()
    opener.focus()
    await open(kernel, 'Connect')
    await screen.findByTestId('view-Connect')
    // the first open focuses the dialog as before (once it has painted), not a control inside the view
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('dialog')))
    screen.getByRole('button', { name: 'item 1' }).focus()

    act(() => kernel.router.push('Networks'))
    await screen.findByTestId('view-Networks')
    // a view with no heading or control of its own: its title
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('header-title')))

    fireEvent.click(screen.getByTestId('header-back'))
    await screen.findByTestId('view-Connect')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'item 1' })))
    expect(document.activeElement).not.toBe(document.body)
  })

  it('a11y: the header inside the dialog is not a second banner landmark', async () => {
    const { kernel } = await setup()
    await open(kernel)
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).queryByRole('banner')).toBeNull()
    expect(dialog.querySelector('header')).toBeNull()
  })

  it('a11y: the dialog is named by the view label when the view has one, else by its title', async () => {
    const { kernel } = await setup({}, { Labelled: { ...testView('Labelled', () => 'x', { title: 'Ethereum' }), label: () => 'vitalik.eth' } })
    await open(kernel, 'Labelled')
    await screen.findByTestId('view-Labelled')
    expect(screen.getAllByRole('dialog', { name: 'vitalik.eth' })).toHaveLength(1)
    expect(screen.getByTestId('header-title').textContent).toBe('Ethereum')
  })

  it('a11y: the toast goes into a live region that exists before it; hover and focus pause its auto-hide', async () => {
    const { kernel } = await setup()
    await open(kernel)
    const dialog = await screen.findByRole('dialog')
    const regions = Array.from(dialog.querySelectorAll('[aria-live]'))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      act(() => kernel.notify.toast('Address copied', 'success'))
      const toast = screen.getByTestId('toast')
      expect(regions).toContain(toast.parentElement!.closest('[aria-live]'))
      expect(toast.getAttribute('data-variant')).toBe('success')

      act(() => vi.advanceTimersByTime(2000))
      fireEvent.mouseEnter(toast)
      act(() => vi.advanceTimersByTime(5000))
      expect(screen.queryByTestId('toast')).not.toBeNull()
      fireEvent.mouseLeave(toast)
      act(() => vi.advanceTimersByTime(400))
      expect(screen.queryByTestId('toast')).not.toBeNull()

      fireEvent.focus(toast)
      act(() => vi.advanceTimersByTime(5000))
      expect(screen.queryByTestId('toast')).not.toBeNull()
      fireEvent.blur(toast)
      act(() => vi.advanceTimersByTime(200))
      expect(screen.queryByTestId('toast')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('behavior: back shows only with history and not when the view hides it; it goes back', async () => {
    const { kernel } = await setup()
    await open(kernel, 'Connect')
    await screen.findByTestId('view-Connect')
    expect(screen.queryByTestId('header-back')).toBeNull()

    act(() => kernel.router.push('Networks'))
    await screen.findByTestId('view-Networks')
    expect(screen.getByTestId('header-title').textContent).toBe('Choose network')
    fireEvent.click(screen.getByTestId('header-back'))
    await screen.findByTestId('view-Connect')
    expect(kernel.getState().router.history.map((h) => h.view)).toEqual(['Connect'])

    act(() => kernel.router.push('Success'))
    await screen.findByTestId('view-Success')
    expect(kernel.getState().router.history).toHaveLength(2)
    expect(screen.queryByTestId('header-back')).toBeNull()
  })

  it('behavior: a title function gets the view data and the kernel state, and follows the state', async () => {
    const { kernel } = await setup({}, {
      Titled: testView('Titled', () => 'titled', {
        title: (data: { who: string }, state) => `${data.who} on ${state.theme.themeMode}`,
      }),
    })
    await open(kernel, 'Titled', { who: 'Ada' })
    await screen.findByTestId('view-Titled')
    expect(screen.getByTestId('header-title').textContent).toBe('Ada on light')
    act(() => kernel.setThemeMode('dark'))
    expect(screen.getByTestId('header-title').textContent).toBe('Ada on dark')
  })

  it('behavior: the close button and a click on the backdrop close the modal', async () => {
    const { kernel } = await setup()
    await open(kernel)
    fireEvent.click(await screen.findByTestId('modal-close'))
    expect(kernel.getState().modal.open).toBe(false)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await open(kernel)
    await screen.findByRole('dialog')
    fireEvent.click(screen.getByTestId('modal-backdrop'))
    expect(kernel.getState().modal.open).toBe(false)
  })

  it('behavior: a click inside the card does not close the modal', async () => {
    const { kernel } = await setup()
    await open(kernel)
    fireEvent.click(await screen.findByTestId('view-Connect'))
    expect(kernel.getState().modal.open).toBe(true)
  })

  it('behavior: a view shows a spinner with "Loading…" while its chunk loads', async () => {
    let finish!: (m: ComponentModule<any>) => void
    const { kernel } = await setup({}, {
      Slow: { title: 'Slow', load: () => new Promise<ComponentModule<any>>((r) => (finish = r)) },
    })
    await open(kernel, 'Slow')
    const loading = await screen.findByTestId('view-loading')
    expect(loading.textContent).toContain('Loading…')
    await act(async () => finish({ default: () => <p data-testid="view-Slow">ready</p> }))
    expect(await screen.findByTestId('view-Slow')).toBeTruthy()
    expect(screen.queryByTestId('view-loading')).toBeNull()
  })

  it('error: a view that fails to load shows the message, Try again loads it again, Back goes back', async () => {
    let attempts = 0
    const { kernel } = await setup({}, {
      Flaky: {
        title: 'Flaky',
        load: async () => {
          attempts += 1
          if (attempts === 1) throw new Error('Chunk failed to load.')
          return { default: () => <p data-testid="view-Flaky">loaded</p> }
        },
      },
    })
    await open(kernel, 'Connect')
    act(() => kernel.router.push('Flaky'))
    const error = await screen.findByTestId('view-error')
    expect(error.textContent).toContain('Chunk failed to load.')
    expect(error.textContent).toContain('This screen could not be loaded.')
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('view-Flaky')).toBeTruthy()
    expect(attempts).toBe(2)

    // the Back button of the error state pops the stack
    act(() => kernel.router.push('Missing'))
    fireEvent.click(within(await screen.findByTestId('view-error')).getByRole('button', { name: 'Back' }))
    expect(kernel.getState().router.history.at(-1)?.view).toBe('Flaky')
  })

  it('error: an unknown view shows an error state naming it, never a blank modal', async () => {
    const { kernel } = await setup()
    await open(kernel, 'Connect')
    act(() => kernel.router.push('NoSuchView'))
    const error = await screen.findByTestId('view-error')
    expect(error.textContent).toContain('NoSuchView')
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('error: a view that throws while rendering is caught by its error boundary', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const Broken = () => {
      throw new Error('Render exploded.')
    }
    const { kernel } = await setup({}, { Broken: { title: 'Broken', load: async () => ({ default: Broken }) } })
    await open(kernel, 'Broken')
    const error = await screen.findByTestId('view-error')
    expect(error.textContent).toContain('Render exploded.')
    expect(screen.getByTestId('header-title').textContent).toBe('Broken')
    spy.mockRestore()
  })

  it('behavior: the toast renders with its variant; loading shows a spinner', async () => {
    const { kernel } = await setup()
    await open(kernel)
    act(() => kernel.notify.toast('Address copied', 'success'))
    const toast = await screen.findByTestId('toast')
    expect(toast.getAttribute('data-variant')).toBe('success')
    expect(toast.textContent).toBe('Address copied')
    expect(screen.getByRole('dialog').contains(toast)).toBe(true)

    act(() => kernel.notify.hideToast())
    expect(screen.queryByTestId('toast')).toBeNull()
    act(() => kernel.notify.toast('Authenticating...', 'loading'))
    const loading = await screen.findByTestId('toast')
    expect(loading.getAttribute('data-variant')).toBe('loading')
    expect(loading.querySelector('.portico-spinner')).not.toBeNull()
  })

  it('behavior: a toast while the modal is closed floats on the page', async () => {
    const { kernel } = await setup()
    act(() => kernel.notify.toast('Transaction started', 'error'))
    const toast = await screen.findByTestId('toast')
    expect(toast.getAttribute('data-variant')).toBe('error')
    expect(toast.getAttribute('role')).toBe('alert')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('behavior: the theme mode sets data-theme and theme variables become inline CSS variables', async () => {
    const { kernel } = await setup({ themeVariables: { '--portico-accent': '#ff0066', radiusCard: '8px' } })
    await open(kernel)
    const themed = (await screen.findByRole('dialog')).closest('[data-theme]') as HTMLElement
    expect(themed.getAttribute('data-theme')).toBe('light')
    expect(themed.style.getPropertyValue('--portico-accent')).toBe('#ff0066')
    expect(themed.style.getPropertyValue('--portico-radius-card')).toBe('8px')
    act(() => void kernel.store.dispatch(themeSlice.actions.themeModeSet('dark')))
    expect(themed.getAttribute('data-theme')).toBe('dark')
  })

  it('behavior: the alert shows in the card and Dismiss hides it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { kernel } = await setup({ projectId: undefined })
    await open(kernel)
    const alert = await screen.findByTestId('alert')
    expect(alert.textContent).toContain('Project ID Not Configured')
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByTestId('alert')).toBeNull()
    expect(kernel.getState().notifications.alert.open).toBe(false)
    warn.mockRestore()
  })

  it('behavior: the card shakes while state.modal.shake is set', async () => {
    const { kernel } = await setup()
    await open(kernel)
    const dialog = await screen.findByRole('dialog')
    expect(dialog.hasAttribute('data-shake')).toBe(false)
    act(() => void kernel.store.dispatch(modalSlice.actions.shakeSet(true)))
    expect(dialog.getAttribute('data-shake')).toBe('true')
    expect(dialog.className).toContain('portico-card--shake')
  })

  it('behavior: the debug notification shows only in debug mode and closes', async () => {
    const quiet = await setup()
    act(() => quiet.kernel.notify.notification('hidden'))
    expect(screen.queryByTestId('notification')).toBeNull()
    quiet.unmount()

    const { kernel } = await setup({ debug: true })
    act(() => kernel.notify.notification('Plugin "x" loaded', 'warning'))
    const note = await screen.findByTestId('notification')
    expect(note.getAttribute('data-variant')).toBe('warning')
    fireEvent.click(within(note).getByRole('button', { name: 'Dismiss notification' }))
    expect(screen.queryByTestId('notification')).toBeNull()
  })

  it('behavior: in embedded mode the provider renders no dialog; PorticoModalInline shows the card in place', async () => {
    const { PorticoModalInline } = await import('./PorticoModalInline.js')
    const kernel = createTestKernel({
      embedded: true,
      plugins: [viewsPlugin({ Connect: testView('Connect', buttons(1), { title: 'Connect Wallet' }) })],
    })
    kernels.push(kernel)
    await kernel.ready
    render(
      withKernel(
        kernel,
        <main data-testid="host">
          <PorticoModalInline />
        </main>,
      ),
    )
    const card = await screen.findByTestId('portico-modal')
    expect(screen.getByTestId('host').contains(card)).toBe(true)
    expect(card.getAttribute('role')).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByTestId('modal-backdrop')).toBeNull()
    expect(await within(card).findByTestId('view-Connect')).toBeTruthy()
  })
})
