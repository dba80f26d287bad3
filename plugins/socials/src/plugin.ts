import { definePlugin } from '@portico/contracts/plugin'
import type { ConnectMethod } from '@portico/plugin-connect'
import { mirrorSocialAccount } from './accountMirror.js'
import { CONNECTING_FARCASTER_VIEW } from './farcaster/flow.js'
import { farcasterSlice } from './farcaster/slice.js'
import { CONNECTING_SOCIAL_VIEW } from './flow.js'
import { socialsMessages } from './messages.js'
import { providerOfResult, takeResultUri } from './popup.js'
import { isSocialProvider, resolveProviders } from './providers.js'
import { providersConfigured, socialsSlice } from './slice.js'
import SocialMethod from './views/SocialMethod.js'

/** Options of the socials plugin (the factory's parameters; a remote copy gets the host's `features.socials`). */
export type SocialsParameters = {
  /** The providers offered, in order; default SPEC §9's: google, x, discord, farcaster, github, apple, facebook. */
  providers?: readonly string[]
}

/**
 * The `social` connect method: the provider buttons on the Connect view (between email and wallets by default).
 * It ships with the plugin (about 2 KB): the Connect view is the first one the modal shows, and a chunk of its own
 * was one more round trip after set-up.
 */
export const socialConnectMethod: ConnectMethod = { id: 'social', load: () => Promise.resolve({ default: SocialMethod }) }

/**
 * Social login through the login frame: the `social` method on the Connect view, the popup flow (opened within the
 * click, result checked by origin and source), the redirect flow when there is no popup, the Telegram and mobile
 * return (`?result_uri=`, removed from the address bar at once), and the ConnectingSocial view with its errors
 * (SPEC §8) and retry; Farcaster through its ConnectingFarcaster view (a QR code of the frame's channel). It talks to the embedded wallet only through the `auth` connector's API.
 *
 * A host that loads it as a remote should load it at start when the URL has `result_uri`
 * (`kernel.plugins.load('socials')`), so the return completes without waiting for the modal.
 *
 * @example
 * createKernel({ projectId, plugins: [connect(), account(), evm(), embeddedWallet(), socials({ providers: ['google', 'github'] })] })
 */
export function socials(parameters: SocialsParameters = {}) {
  return definePlugin({
    name: 'socials',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    // the buttons are on the first Connect view
    activation: 'open',
    views: {
      [CONNECTING_SOCIAL_VIEW]: { load: () => import('./views/ConnectingSocialView.js'), title: 'socials.connecting.title' },
      [CONNECTING_FARCASTER_VIEW]: { load: () => import('./farcaster/ConnectingFarcasterView.js'), title: 'socials.farcaster.title' },
    },
    messages: { en: socialsMessages },
    setup(ctx) {
      ctx.store.inject(socialsSlice)
      ctx.store.inject(farcasterSlice)
      ctx.store.dispatch(providersConfigured(resolveProviders(parameters.providers)))
      ctx.extensions.contribute('connect/methods', { items: [socialConnectMethod] })
      // SPEC §4: a result_uri completes the login and is then removed from the URL (first, so a reload cannot replay it)
      if (typeof window !== 'undefined') {
        const back = takeResultUri(window.location.href)
        if (back) {
          window.history.replaceState(window.history.state, '', back.cleanUrl)
          const provider = providerOfResult(back.resultUri)
          void ctx.modal.open(CONNECTING_SOCIAL_VIEW, { resultUri: back.resultUri, ...(isSocialProvider(provider) ? { provider } : {}) })
        }
      }
      return mirrorSocialAccount(ctx)
    },
  })
}

export default socials
