import type { CaipNetworkLike, PorticoState } from '@portico/contracts/plugin'
import { coinTypeForChainId } from '@portico/contracts/spec'
import { profileReported, type Kernel } from '@portico/kernel'
import { registerName } from './api.js'
import { isAuthConnector } from './auth.js'
import { NAMES_ERRORS, NamesError, serviceReason } from './errors.js'
import { namesActions, selectNames, type NamesFailure } from './slice.js'
import { fullName, nameProblem } from './validate.js'

export { isAuthConnector }

/** The kernel surface the registration uses. */
export type NamesKernel = Pick<Kernel, 'getState' | 'store' | 'router' | 'signMessage' | 'http'>

/** Who registers: the active eip155 network, and the address of the auth connector's account on it. */
export type Registrant = { network: CaipNetworkLike; address: string; profileImage: string | null }


/**
 * SPEC §5: registration needs an active network (names are eip155 only), a connected address and the auth
 * connector; returns who registers, or the SPEC's refusal ("Network not found"; "Address or auth connector not
 * found").
 *
 * @example
 * const target = registrant(kernel.getState())
 * if (target instanceof NamesError) show(target.shortMessage)
 */
export function registrant(state: PorticoState): Registrant | NamesError {
  const { activeCaipNetworkId, networks, accounts } = state.chains
  const network = networks.find((n) => n.caipNetworkId === activeCaipNetworkId)
  if (!network || network.chainNamespace !== 'eip155') return new NamesError(NAMES_ERRORS.networkNotFound, 'NETWORK_NOT_FOUND')
  const account = accounts.eip155
  if (account?.status !== 'connected' || !account.address || !isAuthConnector(state, account.connectorId))
    return new NamesError(NAMES_ERRORS.authConnectorNotFound, 'AUTH_CONNECTOR_NOT_FOUND')
  return { network, address: account.address, profileImage: account.profileImage ?? null }
}

/**
 * The text the account signs (SPEC §7): JSON of the name, an empty attributes object and the unix-seconds time.
 *
 * @example
 * registrationMessage('alice.portico.id', 1_700_000_000) // '{"name":"alice.portico.id","attributes":{},"timestamp":1700000000}'
 */
export const registrationMessage = (name: string, timestamp: number): string => JSON.stringify({ name, attributes: {}, timestamp })

/** Whether the registration the visitor started is still the one on screen (closing the modal cancels it). */
const stillShown = (kernel: NamesKernel) => kernel.getState().modal.open && selectNames(kernel.getState()).loading

/** Back to the form after a failure: the success view is popped when the form is under it, else swapped for it. */
function backToForm(kernel: NamesKernel) {
  const history = kernel.getState().router.history
  if (history.at(-1)?.view !== 'RegisterAccountNameSuccess') return
  if (history.at(-2)?.view === 'RegisterAccountName') kernel.router.goBack()
  else kernel.router.replace('RegisterAccountName')
}

/**
 * Registers `label` (plus the plugin's `suffix`) for the auth connector's account, the flow of SPEC §4: loading
 * on, RegisterAccountNameSuccess pushed (no back button), the message signed through the auth connector, the
 * name registered on the server, the profile name stored, the success view alone on the stack, loading off. On
 * failure the form shows again with the error (the service's reason, else "Error registering name {name}"),
 * which is also thrown. Closing the modal meanwhile cancels: loading clears and the views stay as they are.
 *
 * @example
 * const registered = await registerAccountName(kernel, 'alice') // 'alice.portico.id' with the default suffix
 */
export async function registerAccountName(kernel: NamesKernel, label: string, options: { suffix?: string; now?: () => number } = {}): Promise<string> {
  const target = registrant(kernel.getState())
  if (target instanceof NamesError) throw target
  const problem = nameProblem(label)
  if (problem || !label) throw new NamesError(NAMES_ERRORS.register(label), 'INVALID_NAME', { details: problem?.key ?? 'empty name' })
  const name = fullName(label, options.suffix ?? selectNames(kernel.getState()).suffix)
  const { dispatch } = kernel.store

  dispatch(namesActions.registrationStarted({ name }))
  kernel.router.push('RegisterAccountNameSuccess')
  try {
    const message = registrationMessage(name, Math.floor((options.now ?? Date.now)() / 1000))
    const signature = await kernel.signMessage(message)
    dispatch(namesActions.messageSigned())
    const registered = await registerName(
      kernel.http,
      { coin_type: coinTypeForChainId(target.network.id), address: target.address, message, signature },
      name,
    )
    const shown = stillShown(kernel)
    // the name is the account's now, whether or not the visitor is still looking
    dispatch(profileReported({ namespace: 'eip155', name: registered, image: target.profileImage }))
    dispatch(namesActions.registrationSucceeded({ name: registered }))
    if (shown) kernel.router.reset('RegisterAccountNameSuccess')
    return registered
  } catch (error) {
    const shown = stillShown(kernel)
    const fallback = NAMES_ERRORS.register(name)
    const reason = error instanceof NamesError ? error.shortMessage : serviceReason(error, fallback)
    const failure: NamesFailure = reason === fallback ? { message: fallback, key: 'names.error.register', params: { name } } : { message: reason }
    dispatch(namesActions.registrationFailed({ error: failure }))
    if (shown) backToForm(kernel)
    throw error instanceof NamesError ? error : new NamesError(reason, 'REGISTER_FAILED', { cause: error })
  }
}
