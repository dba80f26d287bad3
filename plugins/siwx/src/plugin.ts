import { definePlugin, type PluginContext } from '@portico/contracts/plugin'
import './api.js'
import { isRequired, type SiwxEnvironment } from './config.js'
import { checkSiwxOptions, resolveConfig } from './options.js'
import { activeTarget, createController } from './controller.js'
import { SiwxError } from './errors.js'
import { siwxMessages } from './messages.js'
import { configured, siwxSlice } from './slice.js'
import { LEGACY_STORAGE_KEYS } from './storage.js'

const prompt = { load: () => import('./views/SIWXSignMessage.js'), title: 'siwx.title', hideBack: true }

/**
 * Sign in with X (CAIP-122): after a connect, when the host enabled sign-in (the `siwx` option, or the legacy
 * `siweConfig`), the network is supported and no session covers the account and chain, the modal asks the wallet
 * to sign a sign-in message. Required sign-in keeps the modal open until the visitor signs or disconnects.
 *
 * @example
 * createKernel({ ..., plugins: [evm(), injected(), siwx()], siwx: localSiwx({ required: true }) })
 */
export function siwx() {
  return definePlugin({
    name: 'siwx',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    // it must be there when a session restores, to ask for a signature
    activation: 'open',
    views: { SIWXSignMessage: prompt, ConnectingSiwe: prompt },
    legacyStorageKeys: LEGACY_STORAGE_KEYS,
    messages: { en: siwxMessages },
    checkKernelOptions: checkSiwxOptions,
    setup(ctx) {
      ctx.store.inject(siwxSlice)
      // a remote copy: the kernel did not check the options for it
      const refused = checkSiwxOptions(ctx.kernelOptions)
      if (refused) throw new SiwxError(refused, 'SIWX_NOT_ENABLED')
      const environment = environmentOf(ctx)
      const config = resolveConfig(ctx.kernelOptions, environment)
      if (!config) return
      const controller = createController(ctx, config, environment)
      ctx.store.dispatch(configured({ enabled: true, required: isRequired(config) }))
      const api = ctx.extensions.contribute('siwx/api', { items: [controller] })

      // after the connect has closed the modal (it does so right after these taps), not before
      let scheduled: ReturnType<typeof setTimeout> | undefined
      const scheduleCheck = () => {
        if (scheduled) return
        scheduled = setTimeout(() => {
          scheduled = undefined
          controller.check().catch((error) => ctx.log.warn('sign-in check failed:', error))
        }, 0)
      }
      ctx.hooks.afterConnect.tapPromise(async () => scheduleCheck())
      ctx.hooks.afterNetworkChange.tap(() => scheduleCheck())
      ctx.hooks.afterDisconnect.tap(({ namespace }) => void controller.disconnected(namespace))
      // required and unsigned: Escape, the backdrop, the close button and going back all refuse (the kernel shakes)
      ctx.hooks.shouldCloseModal.tap(() => (controller.mustSignIn() ? false : undefined))
      // …and opening the modal elsewhere (the host's Account button) comes back to the prompt, never to a view
      // that could then not be closed
      ctx.hooks.beforeOpen.tap((request) => (controller.mustSignIn() ? { view: 'SIWXSignMessage' } : request))

      // the wallet switched account (no kernel hook for that): ask again unless a session covers the new one
      const keyOf = () => {
        const t = activeTarget(ctx.store.getState())
        return t && `${t.chainId}:${t.accountAddress}`
      }
      let key = keyOf()
      const unsubscribe = ctx.store.subscribe(() => {
        const next = keyOf()
        if (next === key) return
        const had = key
        key = next
        if (had && next) scheduleCheck()
      })
      return () => {
        unsubscribe()
        api.withdraw()
        if (scheduled) clearTimeout(scheduled)
      }
    },
  })
}

/** The page the messages are for; SSR (no `location`) signs nothing, so a placeholder does. */
function environmentOf(ctx: PluginContext): SiwxEnvironment {
  const loc = typeof location === 'undefined' ? undefined : location
  return { storage: ctx.storage, domain: loc?.host ?? 'localhost', uri: loc?.origin ?? 'http://localhost', log: ctx.log }
}

export default siwx
