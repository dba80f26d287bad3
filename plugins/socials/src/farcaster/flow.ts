import type { Kernel } from '@portico/kernel'
import { errorText } from '../api.js'
import { AUTH_CONNECTOR_ID } from '../types.js'
import { ensureFarcasterWallet, farcasterWalletOf } from './api.js'
import { channelApproved, channelExpired, channelOpened, farcasterEnded, farcasterFailed, farcasterStarted } from './slice.js'

/** The view that shows the Farcaster code. */
export const CONNECTING_FARCASTER_VIEW = 'ConnectingFarcaster'
/** How long a code works (the frame's channel lives 5 minutes). */
export const FARCASTER_CODE_LIFETIME_MS = 5 * 60_000

type FarcasterKernel = Pick<Kernel, 'getConnector' | 'plugins' | 'store' | 'router' | 'notify' | 'connect' | 't'>

type Attempt = { controller: AbortController; timer: ReturnType<typeof setTimeout> | undefined }
let current: Attempt | undefined

/** Ends the wait of the sign-in in progress here (the frame is told by {@link resetFarcasterLogin}). */
function stopAttempt(): void {
  if (!current) return
  current.controller.abort()
  clearTimeout(current.timer)
  current = undefined
}

/**
 * Starts a Farcaster sign-in: the ConnectingFarcaster view opens, the frame opens a channel whose URL the view
 * shows as a QR code, and the wait for a Farcaster app's approval starts. After 5 minutes the code is shown as
 * expired; starting again (the view's "Get a new code") opens a new channel. An approval connects the auth
 * connector like a social login; failures are told in the view and as an error toast (SPEC §8).
 *
 * @example
 * <button onClick={() => startFarcasterLogin(kernel)}>Farcaster</button>
 */
export function startFarcasterLogin(kernel: FarcasterKernel): void {
  stopAttempt()
  const attempt: Attempt = { controller: new AbortController(), timer: undefined }
  current = attempt
  kernel.store.dispatch(farcasterStarted())
  // a retry from the view keeps it (replacing it would unmount it, and leaving the view resets the sign-in)
  if (kernel.router.current()?.view !== CONNECTING_FARCASTER_VIEW) kernel.router.push(CONNECTING_FARCASTER_VIEW)
  void run(kernel, attempt)
}

async function run(kernel: FarcasterKernel, attempt: Attempt) {
  const live = () => current === attempt && !attempt.controller.signal.aborted
  try {
    const api = await ensureFarcasterWallet(kernel)
    if (!api) throw new Error(kernel.t('socials.farcaster.unavailable'))
    const { url } = await api.getFarcasterUri()
    if (!live()) return
    kernel.store.dispatch(channelOpened(url))
    attempt.timer = setTimeout(() => {
      if (!live()) return
      stopAttempt()
      kernel.store.dispatch(channelExpired())
    }, FARCASTER_CODE_LIFETIME_MS)
    await api.connectFarcaster(attempt.controller.signal)
    if (!live()) return
    clearTimeout(attempt.timer)
    kernel.store.dispatch(channelApproved())
    await kernel.connect(AUTH_CONNECTOR_ID)
    kernel.store.dispatch(farcasterEnded())
  } catch (error) {
    if (!live()) return
    const message = errorText(error, kernel.t('socials.error.generic'))
    kernel.store.dispatch(farcasterFailed(message))
    kernel.notify.toast(message, 'error')
  } finally {
    if (current === attempt) {
      clearTimeout(attempt.timer)
      current = undefined
    }
  }
}

/**
 * Going back from the ConnectingFarcaster view while not connected (SPEC §2): the wait ends here, the embedded
 * wallet forgets the channel and any half login, and the state is cleared. Nothing is reset once connected.
 *
 * @example
 * useEffect(() => () => void resetFarcasterLogin(kernel), [])
 */
export async function resetFarcasterLogin(kernel: Pick<Kernel, 'getConnector' | 'store'>): Promise<void> {
  stopAttempt()
  kernel.store.dispatch(farcasterEnded())
  const account = kernel.store.getState().chains.accounts.eip155
  if (account?.status === 'connected' && account.connectorId === AUTH_CONNECTOR_ID) return
  await farcasterWalletOf(kernel.getConnector(AUTH_CONNECTOR_ID))?.resetFarcaster()
}
