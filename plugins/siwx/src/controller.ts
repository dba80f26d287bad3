import type { ChainNamespace, PluginContext, PorticoState } from '@portico/contracts/plugin'
import type { Session } from '@portico/contracts/schemas'
import { covers, defaultMessage, DEFAULT_EXPIRES_IN_MS, isRequired, type SiwxConfig, type SiwxEnvironment, type SiwxTarget } from './config.js'
import { isDeclined, NoAccountError, reasonOf, SessionRefusedError } from './errors.js'
import { formatSignInMessage } from './message/format.js'
import { promptCleared, promptOpened, selectSiwx, sessionEnded, sessionFound, signingFailed, signingStarted } from './slice.js'

/** The views that ask for a signature; `ConnectingSiwe` is the spec's other name for the same prompt. */
export const SIWX_VIEWS = ['SIWXSignMessage', 'ConnectingSiwe'] as const

/** What the plugin does, for its views and for hosts (`getSiwx(kernel)`). */
export type SiwxController = {
  /** Asks the wallet to sign the prompt's message; stores the session and closes the modal on success. */
  signIn: (sign: (message: string) => Promise<string>) => Promise<Session>
  /** The prompt's cancel: disconnects when sign-in is required, else closes. */
  cancel: (disconnect: () => Promise<void>) => Promise<void>
  /** The sessions of an account on a chain (default: the active ones). */
  getSessions: (chainId?: string, accountAddress?: string) => Promise<readonly Session[]>
  /** Ends the active account's session on the active chain (SPEC: revoke ends it); the prompt asks again. */
  signOut: () => Promise<void>
  /** Checks the active account now: reads its session, or opens the prompt. */
  check: () => Promise<void>
  isRequired: () => boolean
  /**
   * One-click sign-in (WalletConnect's pairing `authentication` request, SPEC §4): the fields of the message a wallet
   * signs while it pairs, for a pairing proposing `chains`. `undefined` (the prompt then asks after the connect) unless
   * every chain is eip155, the config signs eip155 in and can issue a nonce without the account (`getPairingNonce`).
   */
  oneClickRequest: (chains: readonly string[]) => Promise<OneClickFields | undefined>
  /** The session a wallet signed during the pairing: checked against the page, then verified and kept by `addSession`. */
  oneClickSession: (session: Session) => Promise<void>
}

/** What a one-click request asks the wallet to sign, besides the account and the time it signs (its own). */
export type OneClickFields = { domain: string; uri: string; nonce: string; statement?: string; expirationTime: string }

/** The account and chain the modal is connected with, when it is connected. */
export function activeTarget(state: PorticoState): SiwxTarget | undefined {
  const ns = state.chains.activeNamespace
  const account = ns ? state.chains.accounts[ns] : undefined
  const chainId = state.chains.activeCaipNetworkId
  if (!ns || !account?.address || account.status !== 'connected' || !chainId?.startsWith(`${ns}:`)) return undefined
  return { namespace: ns, chainId: chainId as SiwxTarget['chainId'], accountAddress: account.address }
}

const sameTarget = (a: SiwxTarget | undefined, b: SiwxTarget | undefined) =>
  Boolean(a && b && a.chainId === b.chainId && a.accountAddress.toLowerCase() === b.accountAddress.toLowerCase())

/** The sign-in flow of SPEC §4 on top of one config. */
export function createController(ctx: PluginContext, config: SiwxConfig, environment: SiwxEnvironment): InternalController {
  const state = () => selectSiwx(ctx.store.getState())
  const showsPrompt = () => {
    const s = ctx.store.getState()
    const current = s.router.history.at(-1)?.view
    return s.modal.open && SIWX_VIEWS.some((v) => v === current)
  }
  const handles = (ns: ChainNamespace) => !config.namespaces || config.namespaces.includes(ns)
  const supported = (chainId: string) => ctx.store.getState().chains.networks.some((n) => n.caipNetworkId === chainId)
  /** Last account seen per namespace, to sign it out when it disconnects. */
  const lastSeen = new Map<ChainNamespace, SiwxTarget>()

  let generation = 0
  async function check() {
    const run = ++generation
    const target = activeTarget(ctx.store.getState())
    if (!target || !handles(target.namespace) || !supported(target.chainId)) {
      // nothing to ask for here (no account, a namespace the config does not sign in, an unsupported network)
      if (state().pending) ctx.store.dispatch(promptCleared())
      if (showsPrompt()) ctx.modal.close()
      return
    }
    lastSeen.set(target.namespace, target)
    let sessions: readonly Session[] = []
    try {
      sessions = await config.getSessions(target.chainId, target.accountAddress)
    } catch (error) {
      ctx.log.warn('reading the sign-in sessions failed:', error)
    }
    // a newer account or chain took over while the sessions were read
    if (run !== generation) return
    const session = sessions.find((s) => covers(s, target.chainId, target.accountAddress))
    if (session) {
      ctx.store.dispatch(sessionFound(session))
      if (showsPrompt()) ctx.modal.close()
      return
    }
    if (sameTarget(state().pending, target) && showsPrompt()) return
    ctx.store.dispatch(promptOpened({ target, required: isRequired(config) }))
    await ctx.modal.open('SIWXSignMessage')
  }

  async function signIn(sign: (message: string) => Promise<string>): Promise<Session> {
    const target = state().pending ?? activeTarget(ctx.store.getState())
    if (!target) throw new NoAccountError()
    ctx.store.dispatch(signingStarted())
    try {
      const nonce = await config.getNonce(target)
      const input = {
        ...target,
        nonce,
        domain: environment.domain,
        uri: environment.uri,
        ...(config.statement ? { statement: config.statement } : {}),
        expiresInMs: config.expiresInMs ?? DEFAULT_EXPIRES_IN_MS,
        now: new Date(),
      }
      const data = config.createMessage ? await config.createMessage(input) : defaultMessage(input)
      const message = data.serializedMessage ?? formatSignInMessage(data)
      const signature = await sign(message)
      const session: Session = { data, message, signature }
      await config.addSession(session)
      ctx.store.dispatch(sessionFound(session))
      if (showsPrompt()) ctx.modal.close()
      return session
    } catch (error) {
      ctx.store.dispatch(signingFailed({ declined: isDeclined(error), error: reasonOf(error) }))
      throw error
    }
  }

  async function cancel(disconnect: () => Promise<void>) {
    if (isRequired(config) && state().pending) {
      // required: no account stays connected without a session
      await disconnect()
      ctx.store.dispatch(promptCleared())
    } else {
      ctx.store.dispatch(promptCleared({ keepSession: true }))
    }
    if (showsPrompt()) ctx.modal.close()
  }

  async function getSessions(chainId?: string, accountAddress?: string) {
    const target = activeTarget(ctx.store.getState())
    const c = chainId ?? target?.chainId
    const a = accountAddress ?? target?.accountAddress
    if (!c || !a) return []
    return config.getSessions(c, a)
  }

  async function signOut() {
    const target = activeTarget(ctx.store.getState())
    if (!target) return
    await config.revokeSession(target.chainId, target.accountAddress)
    ctx.store.dispatch(sessionEnded())
    await check()
  }

  /** The wallet disconnected a namespace: its prompt goes, and by default its sessions end. */
  async function disconnected(namespace: ChainNamespace) {
    const seen = lastSeen.get(namespace)
    lastSeen.delete(namespace)
    if (state().pending?.namespace === namespace || !activeTarget(ctx.store.getState())) {
      ctx.store.dispatch(promptCleared())
      if (showsPrompt()) ctx.modal.close()
    }
    if (seen && config.signOutOnDisconnect !== false) {
      const chains = ctx.store.getState().chains.networks.filter((n) => n.chainNamespace === namespace).map((n) => n.caipNetworkId)
      for (const chainId of chains) await Promise.resolve(config.revokeSession(chainId, seen.accountAddress)).catch((e) => ctx.log.warn('signing out failed:', e))
    }
  }

  async function oneClickRequest(chains: readonly string[]): Promise<OneClickFields | undefined> {
    if (!config.getPairingNonce || !handles('eip155') || chains.length === 0 || !chains.every((c) => c.startsWith('eip155:'))) return undefined
    const nonce = await config.getPairingNonce({ namespace: 'eip155', chainId: chains[0] as SiwxTarget['chainId'] })
    return {
      domain: environment.domain,
      uri: environment.uri,
      nonce,
      ...(config.statement ? { statement: config.statement } : {}),
      expirationTime: new Date(Date.now() + (config.expiresInMs ?? DEFAULT_EXPIRES_IN_MS)).toISOString(),
    }
  }

  async function oneClickSession(session: Session) {
    const { data } = session
    // only what this page asked for: an eip155 message for this domain and uri
    if (!data.chainId.startsWith('eip155:') || !handles('eip155')) throw new SessionRefusedError(`One-click sign-in is for eip155 accounts, not ${data.chainId}.`)
    if (data.domain !== environment.domain || data.uri !== environment.uri) throw new SessionRefusedError(`The signed message is for ${data.domain}, not ${environment.domain}.`)
    await config.addSession(session)
  }

  const mustSignIn = () => isRequired(config) && Boolean(state().pending) && Boolean(activeTarget(ctx.store.getState()))
  return { signIn, cancel, getSessions, signOut, check, isRequired: () => isRequired(config), oneClickRequest, oneClickSession, disconnected, mustSignIn }
}

/** The controller with what only the plugin itself calls. */
export type InternalController = SiwxController & {
  disconnected: (namespace: ChainNamespace) => Promise<void>
  /** Required, asking, and still connected: the modal must not close. */
  mustSignIn: () => boolean
}
