import type { Kernel } from '@portico/kernel'
import { ensureSocialWallet, errorText } from './api.js'
import { PopupWaitError, openSocialPopup, waitForPopupResult } from './popup.js'
import type { SocialProvider } from './providers.js'
import { providerOpened, resultReceived, signInEnded, signInFailed, signInStarted } from './slice.js'
import { AUTH_CONNECTOR_ID, type SocialWalletApi } from './types.js'

/** The view that shows a sign-in in progress. */
export const CONNECTING_SOCIAL_VIEW = 'ConnectingSocial'

type SocialKernel = Pick<Kernel, 'getConnector' | 'plugins' | 'store' | 'router' | 'notify' | 'connect' | 'getState' | 't'>

let current: { popup: Window | null; controller: AbortController } | undefined

/** The frame's popup start page, known without the embedded wallet (so the popup opens within the click). */
function loadingUrl(kernel: SocialKernel): string {
  const frame = kernel.getState().options.endpoints.frame
  return frame && /^https?:\/\//.test(frame) ? `${frame.replace(/\/+$/, '')}/v1/social/loading` : 'about:blank'
}

/** Stops the sign-in in progress: its popup is closed and its wait ends quietly. */
export function cancelSocialLogin(): void {
  if (!current) return
  current.controller.abort()
  if (current.popup && !current.popup.closed) current.popup.close()
  current = undefined
}

/** A sentence for why a sign-in failed (SPEC §8: a closed window, a timeout, the provider's or the frame's words). */
function failureText(kernel: SocialKernel, error: unknown): string {
  if (error instanceof PopupWaitError) return kernel.t(error.reason === 'timeout' ? 'socials.error.timeout' : 'socials.error.popupClosed')
  return errorText(error, kernel.t('socials.error.generic'))
}

function fail(kernel: SocialKernel, error: unknown) {
  const message = failureText(kernel, error)
  kernel.store.dispatch(signInFailed(message))
  kernel.notify.toast(message, 'error')
}

/**
 * Starts a social sign-in from a click. The popup opens synchronously (a blocker allows a window opened by the
 * click itself) at the frame's loading page, then goes to the provider's URL once the frame has made it; the result
 * the popup posts back is checked by origin and source. A blocked popup falls back to the redirect flow: the page
 * goes to the provider and comes back with `?result_uri=`.
 *
 * @example
 * <button onClick={() => startSocialLogin(kernel, 'google')}>Google</button>
 */
export function startSocialLogin(kernel: SocialKernel, provider: SocialProvider, win: Window = window): void {
  cancelSocialLogin()
  const popup = openSocialPopup(win, loadingUrl(kernel))
  const controller = new AbortController()
  const attempt = { popup, controller }
  current = attempt
  kernel.store.dispatch(signInStarted(provider))
  // a retry from the view keeps it (replacing it would unmount it, and leaving the view cancels its sign-in)
  if (kernel.router.current()?.view !== CONNECTING_SOCIAL_VIEW) kernel.router.push(CONNECTING_SOCIAL_VIEW, { provider })
  void run(kernel, provider, attempt, win)
}

async function run(kernel: SocialKernel, provider: SocialProvider, attempt: NonNullable<typeof current>, win: Window) {
  const { popup, controller } = attempt
  const live = () => current === attempt && !controller.signal.aborted
  try {
    const api = await ensureSocialWallet(kernel)
    if (!api) throw new Error(kernel.t('socials.unavailable'))
    const { uri } = await api.getSocialRedirectUri(provider, win.location.href)
    if (!live()) return
    if (!popup || popup.closed) {
      // no popup (blocked, or an in-app browser): the page itself goes to the provider and comes back with ?result_uri=
      kernel.store.dispatch(providerOpened('redirecting'))
      win.location.assign(uri)
      return
    }
    popup.location.href = uri
    kernel.store.dispatch(providerOpened('waiting'))
    const frameOrigin = api.frameOrigin()
    if (!frameOrigin) throw new Error(kernel.t('socials.unavailable'))
    const resultUri = await waitForPopupResult({ win, popup, frameOrigin, signal: controller.signal })
    if (!live()) return
    await completeSocialLogin(kernel, api, resultUri, provider)
  } catch (error) {
    if (!live()) return
    if (popup && !popup.closed) popup.close()
    fail(kernel, error)
  } finally {
    if (current === attempt) current = undefined
  }
}

/**
 * Finishes a sign-in with the result uri (from the popup, or `?result_uri=` after the redirect flow): the frame
 * redeems it and the auth connector connects. Failures are told in the view and as a toast.
 */
export async function completeSocialLogin(kernel: SocialKernel, api: SocialWalletApi, resultUri: string, provider?: SocialProvider): Promise<void> {
  kernel.store.dispatch(resultReceived())
  await api.connectSocial(resultUri, provider)
  await kernel.connect(AUTH_CONNECTOR_ID)
  kernel.store.dispatch(signInEnded())
}

/** The redirect flow's return: completes with `resultUri`, telling failures like the popup flow does. */
export async function completeSocialReturn(kernel: SocialKernel, resultUri: string, provider: SocialProvider | undefined): Promise<void> {
  kernel.store.dispatch(signInStarted(provider))
  kernel.store.dispatch(resultReceived())
  try {
    const api = await ensureSocialWallet(kernel)
    if (!api) throw new Error(kernel.t('socials.unavailable'))
    await completeSocialLogin(kernel, api, resultUri, provider)
  } catch (error) {
    fail(kernel, error)
  }
}
