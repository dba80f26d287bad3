import { definePlugin, type PorticoState } from '@portico/contracts/plugin'
import { selectRegisterNameEntry } from './accountEntry.js'
import { NamesError } from './errors.js'
import { namesMessages } from './messages.js'
import { namesActions, namesSlice, selectNames } from './slice.js'

/** The names plugin's options: the suffix names are registered under, as the name service is configured. */
export type NamesParameters = {
  /** Default `.portico.id`, the reference api's default (`PORTICO_API_NAME_SUFFIX`). */
  suffix?: string
}

/** The suffix of registered names when the host gives none: the reference api's default. */
export const DEFAULT_NAME_SUFFIX = '.portico.id'

/** The plugin's options, checked: a suffix is a dot and two or more lowercase labels. */
export function namesOptions(parameters: NamesParameters = {}): { suffix: string; zone: string } {
  const suffix = parameters.suffix ?? DEFAULT_NAME_SUFFIX
  if (typeof suffix !== 'string' || !/^(\.[a-z0-9-]+){2,}$/.test(suffix))
    throw new NamesError(`The names plugin's suffix must be a dot and lowercase labels such as .portico.id, got ${JSON.stringify(suffix)}.`, 'INVALID_OPTIONS')
  return { suffix, zone: suffix.slice(1) }
}

/**
 * Names: register a name for the wallet (SPEC §4). The Account view of an auth-connector (email or social) account
 * gets a "Choose a name" row that opens RegisterAccountName: the name checked as it is typed, its availability and
 * free suggestions from the name service, then RegisterAccountNameSuccess (no back button) while the account
 * signs, and once the server registered the name. Other wallets see the SPEC's refusal.
 *
 * @example
 * createKernel({ projectId, plugins: [account(), embeddedWallet(), email(), names({ suffix: '.portico.id' })] })
 */
export function names(parameters: NamesParameters = {}) {
  const options = namesOptions(parameters)
  return definePlugin({
    name: 'names',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    // its row shows on the Account view: loaded right after the first view shows
    activation: 'idle',
    views: {
      RegisterAccountName: { load: () => import('./views/RegisterAccountNameView.js'), title: 'names.title' },
      RegisterAccountNameSuccess: {
        load: () => import('./views/RegisterAccountNameSuccessView.js'),
        // "Name registered" only once it is; while the account signs and the server registers, what is going on
        title: (_data: unknown, state: PorticoState) => (selectNames(state).step === 'registered' ? 'names.success.title' : 'names.pending.title'),
        hideBack: true,
      },
    },
    messages: { en: namesMessages },
    setup(ctx) {
      ctx.store.inject(namesSlice)
      ctx.store.dispatch(namesActions.configured(options))
      ctx.extensions.contribute('account/actions', { select: selectRegisterNameEntry })
      // SPEC §4: cancelling the success view (closing the modal on it) clears loading
      ctx.hooks.afterClose.tap(() => {
        if (selectNames(ctx.store.getState()).loading) ctx.store.dispatch(namesActions.registrationCancelled())
      })
    },
  })
}

export default names
