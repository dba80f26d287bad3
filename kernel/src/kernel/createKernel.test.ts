import { definePlugin, type PluginDefinition } from '@portico/contracts/plugin'
import { chainsSlice } from '../store/index.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../storage/createStorage.js'
import { createKernel } from './createKernel.js'
import { InvalidOptionsError } from './errors.js'
import type { Kernel } from './types.js'

const anvil = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155' as const,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const anvil2 = { ...anvil, id: 31338, caipNetworkId: 'eip155:31338', name: 'Anvil 2' }

const views = (...ids: string[]) =>
  Object.fromEntries(ids.map((id) => [id, { load: async () => ({ default: () => null }) }]))

const testPlugin = (name: string, extra: Partial<PluginDefinition> = {}) => definePlugin({ name, version: '1.0.0', contracts: '^1.0.0', ...extra })
const noop = async () => ({ default: () => null })

const base = { projectId: 'p', adapters: ['eip155' as const], storage: createMemoryStorage(), networks: [anvil, anvil2] }

let kernels: Kernel[] = []
const make = (o: Parameters<typeof createKernel>[0] = {}) => {
  const k = createKernel({ ...base, ...o })
  kernels.push(k)
  return k
}
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.useRealTimers()
})

describe('createKernel options', () => {
  it("error: a bundled plugin's checkKernelOptions refusal makes createKernel throw its sentence", () => {
    const siwx = testPlugin('siwx', {
      checkKernelOptions: (options) =>
        options.siweConfig !== undefined && options.siwx !== undefined ? 'Cannot set both `siweConfig` and `siwx` options' : undefined,
    })
    const error = (() => {
      try {
        make({ plugins: [siwx], siweConfig: {}, siwx: {} })
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(InvalidOptionsError)
    expect((error as InvalidOptionsError).message).toBe('Cannot set both `siweConfig` and `siwx` options')
    expect((error as InvalidOptionsError).code).toBe('INVALID_OPTIONS')
    expect(() => make({ plugins: [siwx], siwx: {} })).not.toThrow()
  })
  it('behavior: options the kernel does not know are kept for the plugins that own them', async () => {
    let seen: Readonly<Record<string, unknown>> | undefined
    const k = make({ plugins: [testPlugin('reader', { setup: (ctx) => void (seen = ctx.kernelOptions) })], siwx: { statement: 'hi' } })
    await k.ready
    expect(k.options).toMatchObject({ siwx: { statement: 'hi' } })
    expect(seen).toMatchObject({ siwx: { statement: 'hi' } })
  })
  it('behavior: connectMethodsOrder is undefined unless the host gives one', () => {
    expect(make().getState().options.connectMethodsOrder).toBeUndefined()
    expect(make({ connectMethodsOrder: ['wallet', 'email'] }).getState().options.connectMethodsOrder).toEqual(['wallet', 'email'])
  })
  it('error: a bad option names its path', () => {
    expect(() => make({ themeMode: 'sepia' as never })).toThrow(/Invalid Portico option `themeMode`/)
    expect(() => make({ networks: ['not a network id'] })).toThrow(/Invalid CAIP-2 network id/)
  })
  it('behavior: a missing project id shows the Project ID Not Configured alert', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const k = make({ projectId: undefined })
    expect(k.getState().notifications.alert).toMatchObject({ open: true, title: 'Project ID Not Configured' })
    expect(make().getState().notifications.alert.open).toBe(false)
    warn.mockRestore()
  })
})

describe('networks', () => {
  it('error: removing the last network of a namespace is refused', () => {
    const k = make()
    k.removeNetwork('eip155:31338')
    expect(() => k.removeNetwork('eip155:31337')).toThrow('Cannot remove last network for a namespace')
    expect(k.getState().chains.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:31337'])
  })
  it('error: adding or removing for a namespace without an adapter, or a missing network, is refused', () => {
    const k = make()
    const sol = { ...anvil, id: 'x', caipNetworkId: 'solana:x', chainNamespace: 'solana' as const }
    expect(() => k.addNetwork(sol)).toThrow('Adapter not found')
    expect(() => k.removeNetwork('eip155:999')).toThrow('Network not found')
    const noAdapter = make({ adapters: [] })
    expect(() => noAdapter.removeNetwork('eip155:31338')).toThrow('Adapter not found')
  })
})

describe('router', () => {
  it('behavior: push of the current view does nothing; replace and reset', async () => {
    const k = make()
    await k.open('Connect')
    k.router.push('Connect')
    expect(k.getState().router.history.map((h) => h.view)).toEqual(['Connect'])
    k.router.push('AllWallets')
    k.router.replace('Networks')
    expect(k.getState().router.history.map((h) => h.view)).toEqual(['Connect', 'Networks'])
    k.router.reset('Account')
    expect(k.getState().router.history.map((h) => h.view)).toEqual(['Account'])
  })
  it('behavior: going back pops; from the last view it closes the modal', async () => {
    const k = make()
    await k.open()
    k.router.push('AllWallets')
    k.router.goBack()
    expect(k.getState().router.history.map((h) => h.view)).toEqual(['Connect'])
    expect(k.getState().modal.open).toBe(true)
    k.router.goBack()
    expect(k.getState().modal.open).toBe(false)
  })
  it('behavior: going back closes while a closesOnBack view is in the history', async () => {
    const k = make({ plugins: [testPlugin('guarded', { views: { Guarded: { load: noop, closesOnBack: true }, Next: { load: noop } } })] })
    await k.ready
    await k.open('Guarded')
    k.router.push('Next')
    k.router.goBack()
    expect(k.getState().modal.open).toBe(false)
  })
  it('behavior: the kernel does not know UnsupportedChain by name: without closesOnBack it goes back as usual', async () => {
    const k = make({ plugins: [testPlugin('plain', { views: { UnsupportedChain: { load: noop } } })] })
    await k.ready
    await k.open('UnsupportedChain')
    k.router.push('Networks')
    k.router.goBack()
    expect(k.getState().modal.open).toBe(true)
    expect(k.getState().router.history.map((h) => h.view)).toEqual(['UnsupportedChain'])
  })
})

describe('open and close', () => {
  it('behavior: opens on Connect when disconnected, Account when connected, else the caller view', async () => {
    const k = make()
    await k.open()
    expect(k.router.current()?.view).toBe('Connect')
    k.close()
    k.store.dispatch(
      chainsSlice.actions.accountConnected({
        namespace: 'eip155',
        address: '0xabc',
        caipAddress: 'eip155:31337:0xabc',
        connectorId: 'test',
        allAccounts: [{ address: '0xabc', type: 'eoa' }],
        walletInfo: undefined,
      }),
    )
    await k.open()
    expect(k.router.current()?.view).toBe('Account')
    await k.open('Networks', { from: 'test' })
    expect(k.router.current()).toEqual({ view: 'Networks', data: { from: 'test' } })
  })
  it('behavior: with no adapters and nothing connected, the modal opens on the view marked openWithoutAdapters for the platform', async () => {
    const walletconnect = () =>
      testPlugin('wc', {
        views: {
          QrCode: { load: noop, openWithoutAdapters: 'desktop' },
          WalletList: { load: noop, openWithoutAdapters: 'mobile' },
        },
      })
    const desktop = make({ adapters: [], isMobile: () => false, plugins: [walletconnect()] })
    await desktop.ready
    await desktop.open('Connect')
    expect(desktop.router.current()?.view).toBe('QrCode')
    const mobile = make({ adapters: [], isMobile: () => true, plugins: [walletconnect()] })
    await mobile.ready
    await mobile.open()
    expect(mobile.router.current()?.view).toBe('WalletList')
  })
  it("behavior: an 'any' openWithoutAdapters view serves both platforms; with adapters it is not used", async () => {
    const anywhere = () => testPlugin('anywhere', { views: { Fallback: { load: noop, openWithoutAdapters: 'any' } } })
    for (const isMobile of [() => true, () => false]) {
      const k = make({ adapters: [], isMobile, plugins: [anywhere()] })
      await k.ready
      await k.open()
      expect(k.router.current()?.view).toBe('Fallback')
    }
    const withAdapters = make({ plugins: [anywhere()] })
    await withAdapters.ready
    await withAdapters.open()
    expect(withAdapters.router.current()?.view).toBe('Connect')
  })
  it('behavior: with no adapters and no view marked for it, the modal opens on the usual view', async () => {
    const k = make({ adapters: [], isMobile: () => false, plugins: [testPlugin('mobile-only', { views: { List: { load: noop, openWithoutAdapters: 'mobile' } } })] })
    await k.ready
    await k.open()
    expect(k.router.current()?.view).toBe('Connect')
  })
  it('behavior: closing calls the afterClose hook', async () => {
    const k = make()
    await k.open()
    const seen = vi.fn()
    k.hooks.afterClose.tap({ name: 'test' }, seen)
    k.close()
    expect(k.getState().modal.open).toBe(false)
    expect(seen).toHaveBeenCalledOnce()
  })
  it('behavior: a beforeOpen tap may rewrite the view; afterOpen is told the view opened', async () => {
    const opened: string[] = []
    const k = make({
      plugins: [
        testPlugin('redirect', {
          setup(ctx) {
            ctx.hooks.beforeOpen.tap((request) => (request.view === 'Old' ? { view: 'Networks', data: { via: 'redirect' } } : request))
            ctx.hooks.afterOpen.tap(({ view }) => void opened.push(view))
          },
        }),
      ],
    })
    await k.ready
    await k.open('Old')
    expect(k.router.current()).toEqual({ view: 'Networks', data: { via: 'redirect' } })
    expect(opened).toEqual(['Networks'])
  })
  it('behavior: in embedded mode closing shows Connect (or Account when connected) and keeps the modal', async () => {
    const k = make({ embedded: true })
    await k.open()
    k.router.push('AllWallets')
    k.close()
    expect(k.getState().modal.open).toBe(true)
    expect(k.getState().router.history.map((h) => h.view)).toEqual(['Connect'])
  })
  it('behavior: a plugin can keep the modal open (shouldCloseModal), which shakes it for 500 ms', async () => {
    vi.useFakeTimers()
    const k = make({
      plugins: [
        definePlugin({ name: 'guard', version: '1.0.0', contracts: '^1.0.0', setup: ({ hooks }) => hooks.shouldCloseModal.tap(() => false) }),
      ],
    })
    await k.ready
    await k.open()
    k.close()
    expect(k.getState().modal).toMatchObject({ open: true, shake: true })
    vi.advanceTimersByTime(499)
    expect(k.getState().modal.shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(k.getState().modal.shake).toBe(false)
  })
})

describe('notifications', () => {
  beforeEach(() => vi.useFakeTimers())
  it('behavior: a new toast while one is open closes it and shows after 150 ms', () => {
    const k = make()
    k.notify.toast('Authenticating...', 'loading')
    expect(k.getState().notifications.toast).toEqual({ open: true, message: 'Authenticating...', variant: 'loading' })
    k.notify.toast('Signature declined', 'error')
    expect(k.getState().notifications.toast.open).toBe(false)
    vi.advanceTimersByTime(149)
    expect(k.getState().notifications.toast.open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(k.getState().notifications.toast).toEqual({ open: true, message: 'Signature declined', variant: 'error' })
  })
  it('behavior: a toast with none open shows at once; success hides by itself, loading stays', () => {
    const k = make()
    k.notify.toast('Transaction started', 'success')
    expect(k.getState().notifications.toast.open).toBe(true)
    vi.advanceTimersByTime(5000)
    expect(k.getState().notifications.toast.open).toBe(false)
    k.notify.toast('Authenticating...', 'loading')
    vi.advanceTimersByTime(60_000)
    expect(k.getState().notifications.toast.open).toBe(true)
  })
  it('behavior: the notification opens only in debug mode; closing resets it', () => {
    const quiet = make()
    quiet.notify.notification('hello', 'warning')
    expect(quiet.getState().notifications.notification.open).toBe(false)
    const debug = make({ debug: true })
    debug.notify.notification('hello', 'warning')
    expect(debug.getState().notifications.notification).toEqual({ open: true, message: 'hello', variant: 'warning' })
    debug.notify.closeNotification()
    expect(debug.getState().notifications.notification).toEqual({ open: false, message: '', variant: 'info' })
  })
})

describe('views', () => {
  it('error: an unknown view id is an error, not a blank screen', async () => {
    const k = make()
    await expect(k.plugins.resolveView('Nowhere')).rejects.toThrow('No plugin provides the "Nowhere" view.')
  })
  it('behavior: a bundled plugin view resolves to its component', async () => {
    const Comp = () => null
    const k = make({
      plugins: [definePlugin({ name: 'v', version: '1.0.0', contracts: '^1.0.0', views: { Connect: { load: async () => ({ default: Comp }) } } })],
    })
    await k.ready
    const resolved = await k.plugins.resolveView('Connect')
    expect(resolved).toMatchObject({ id: 'Connect', plugin: 'v' })
    expect(resolved.component).toBe(Comp)
  })
  it('behavior: feature flags switch a bundled plugin off', async () => {
    const k = make({ features: { v: false }, plugins: [definePlugin({ name: 'v', version: '1.0.0', contracts: '^1.0.0', views: views('Connect') })] })
    await k.ready
    expect(k.getState().plugins.byName.v).toBeUndefined()
    await expect(k.plugins.resolveView('Connect')).rejects.toThrow(/No plugin provides/)
  })
})

describe('createKernel: language', () => {
  const pack = (code: string, messages: Record<string, string>) => testPlugin(`locale-${code}`, { locales: [code], messages: { [code]: messages } })

  it('behavior: the locale option and a bundled pack translate from the start; direction follows the language', async () => {
    const k = make({ locale: 'ar', plugins: [pack('ar', { 'modal.close': 'إغلاق' })] })
    await k.ready
    expect(k.getState().locale).toEqual({ code: 'ar', dir: 'rtl' })
    expect(k.t('modal.close')).toBe('إغلاق')
  })

  it('behavior: setLocale switches the text and the state at runtime, and back', async () => {
    const k = make({ plugins: [pack('es', { 'modal.close': 'Cerrar' }), pack('ja', { 'modal.close': '閉じる' })] })
    await k.ready
    expect(k.t('modal.close')).toBe('Close')
    await k.setLocale('ja')
    expect(k.t('modal.close')).toBe('閉じる')
    expect(k.getState().locale).toEqual({ code: 'ja', dir: 'ltr' })
    await k.setLocale('es-ES')
    expect(k.t('modal.close')).toBe('Cerrar')
    expect(k.getState().locale.code).toBe('es-ES')
    await k.setLocale('en')
    expect(k.t('modal.close')).toBe('Close')
  })

  it('behavior: a locale without a pack still switches (formats follow it) and the text falls back to English with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const k = make()
    await k.setLocale('fr')
    expect(k.getState().locale.code).toBe('fr')
    expect(k.t('modal.close')).toBe('Close')
    expect(warn.mock.calls.flat().join(' ')).toMatch(/no language pack for "fr"/)
    warn.mockRestore()
  })

  it('error: a locale that is not a BCP 47 tag is refused by the option and by setLocale, which keeps the current one', async () => {
    expect(() => make({ locale: 'Español!' })).toThrow(
      new InvalidOptionsError('Invalid Portico option `locale`: Locale must be a BCP 47 language tag, such as `es` or `pt-BR`.'),
    )
    const k = make({ locale: 'ja' })
    await expect(k.setLocale('not a locale')).rejects.toThrow('Locale must be a BCP 47 language tag, such as `es` or `pt-BR`.')
    expect(k.getState().locale.code).toBe('ja')
  })
})
