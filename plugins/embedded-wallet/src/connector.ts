import type { FrameGetUserSuccess } from '@portico/contracts/frame'
import { DEFAULT_ACCOUNT_TYPES } from '@portico/contracts/spec'
import type {
  AdapterConnection,
  CaipNetworkLike,
  ChainNamespace,
  Connector,
  KeyValueStorage,
  PorticoState,
  ViewId,
} from '@portico/contracts/plugin'
import type { EmbeddedWalletApi, EmbeddedWalletFarcasterApi, EmbeddedWalletSocialApi } from './api.js'
import { createApprovals, type Approvals } from './approvals.js'
import { AUTH_CONNECTOR_ID, EMAIL_COOLDOWN_MS, SIGN_OUT_TIMEOUT_MS } from './constants.js'
import { EmbeddedWalletError, ProviderRpcError, RPC_CODES } from './errors.js'
import { frameLocation } from './frame/frameUrl.js'
import { createLazyFrame, type LazyFrame } from './frame/lazyFrame.js'
import { createLoginStore, smartAccountNetworksStore, type LoginStore } from './storage.js'
import { createAuthProvider, type AuthProvider, type ProviderSession } from './provider.js'

/** Options of the embedded-wallet plugin (the factory's parameters; a remote copy gets `features['embedded-wallet']`). */
export type EmbeddedWalletParameters = {
  /** The login frame's base URL. Default: the kernel's `endpoints.frame`. */
  frameUrl?: string
  /** Shown in the wallet list and as the connected wallet. Default: "Email & Socials" (translated). */
  name?: string
  imageUrl?: string
  /**
   * The account type an embedded-wallet user starts with, per chain (`'eip155:31337'`) or for every eip155 chain
   * (`eip155`). Default (SPEC §9): the smart account where the chain offers one. A chain without smart accounts
   * always uses the eoa.
   */
  defaultAccountTypes?: Partial<Record<string, EvmAccountType>>
}

/** The two eip155 accounts of the embedded wallet (SPEC §1: an ordinary account or a smart account). */
export type EvmAccountType = 'eoa' | 'smartAccount'

/** The account fields the connector reports for the connected eip155 account (SPEC §3). */
export type AuthAccountDetails = {
  address: string
  allAccounts: { address: string; type: string }[]
  preferredAccountType: string
  smartAccountDeployed: boolean
}

export type AuthConnectorDeps = {
  getState: () => PorticoState
  storage: KeyValueStorage
  notify: { alert: (a: { title: string; message: string }) => void; toast: (message: string, variant: 'loading' | 'success' | 'error') => void }
  modal: { open: (view?: ViewId, data?: unknown) => Promise<void>; close: () => void }
  router: { push: (view: ViewId, data?: unknown) => void; goBack: () => void }
  t: (key: string, params?: Record<string, string | number>) => string
  log: { debug: (...a: unknown[]) => void; warn: (...a: unknown[]) => void; error: (...a: unknown[]) => void }
  /** The namespaces served now: eip155, and solana once a solana adapter is registered. */
  namespaces: () => readonly ChainNamespace[]
  /** `GET <frame>/v1/origin-check`; default: `fetch`. */
  originCheck?: (url: string) => Promise<boolean | undefined>
  document?: Document
  now?: () => number
  readyTimeoutMs?: number
  requestTimeoutMs?: number
  newId?: () => string
}

async function fetchOriginCheck(url: string): Promise<boolean | undefined> {
  const res = await fetch(url)
  if (!res.ok) return undefined
  const body = (await res.json()) as { allowed?: unknown }
  return typeof body.allowed === 'boolean' ? body.allowed : undefined
}

/** A chain id the frame reported (number, decimal string, or `eip155:<id>`) as a number; undefined otherwise. */
export function chainIdNumber(value: unknown): number | undefined {
  const raw = typeof value === 'string' ? value.replace(/^eip155:/, '') : value
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^(0x[0-9a-f]+|\d+)$/i.test(raw) ? Number(raw) : NaN
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/** What the plugin's view and tests reach beside the registry's connector. */
export type AuthConnectorInternals = { frame: LazyFrame; approvals: Approvals; login: LoginStore; provider: AuthProvider }

const internals = new WeakMap<object, AuthConnectorInternals>()

/** The frame manager and approvals behind an auth connector this module made; undefined for any other. */
export function authConnectorInternals(connector: unknown): AuthConnectorInternals | undefined {
  return typeof connector === 'object' && connector !== null ? internals.get(connector) : undefined
}

/** The auth connector with its email API. */
export type AuthConnector = Connector & {
  id: typeof AUTH_CONNECTOR_ID
  type: 'AUTH'
  embeddedWallet: EmbeddedWalletApi & EmbeddedWalletSocialApi & EmbeddedWalletFarcasterApi
  /** Re-sends the theme to the frame (the host changed it). */
  syncTheme(): void
  /** The connected eip155 account's type details, or undefined while no one is signed in. */
  accountDetails(): AuthAccountDetails | undefined
  /** Calls `listener` whenever {@link AuthConnector.accountDetails} may have changed; returns the unsubscribe. */
  subscribeAccount(listener: () => void): () => void
  /** Whether the chain (the active one by default) offers a smart account. */
  smartAccountEnabled(chainId?: number): boolean
  /** SET_PREFERRED_ACCOUNT: switches between the eoa and the smart account; the account in use changes with it. */
  setPreferredAccountType(type: EvmAccountType): Promise<void>
  /** Creates the frame now when a login is stored (SPEC §4: eager when the email-login-used flag is set). */
  start(): Promise<void>
  destroy(): void
}

/**
 * The AUTH connector (SPEC §3, §4): drives the login frame. `connect()` asks the frame for the signed-in user
 * (GET_USER on the network's chain), `disconnect()` signs out, `getProvider('eip155')` hands the evm adapter an
 * EIP-1193 provider whose signing requests are approved inside the frame, and `embeddedWallet` is the email API.
 */
export function createAuthConnector(deps: AuthConnectorDeps, parameters: EmbeddedWalletParameters = {}): AuthConnector {
  const now = deps.now ?? Date.now
  const login = createLoginStore(deps.storage, deps.log)
  const smartNetworks = smartAccountNetworksStore(deps.storage, deps.log)
  const accountListeners = new Set<() => void>()
  const accountChanged = () => {
    for (const l of [...accountListeners]) l()
  }
  let user: FrameGetUserSuccess | undefined
  let chainId: number | undefined
  let restoring: Promise<FrameGetUserSuccess | undefined> | undefined
  /** The address the visitor typed, kept until the code proves it is theirs. */
  let pendingEmail: string | undefined

  const networks = () => deps.getState().chains.networks
  const evmNetwork = (id: number): CaipNetworkLike | undefined => networks().find((n) => n.caipNetworkId === `eip155:${id}`)
  /** The active eip155 network's chain, else the first configured one, else mainnet (SPEC §9 default chain). */
  function defaultChainId(): number {
    const active = deps.getState().chains.activeCaipNetworkId
    if (active?.startsWith('eip155:')) return chainIdNumber(active) ?? 1
    const first = networks().find((n) => n.chainNamespace === 'eip155')
    return (first && chainIdNumber(first.id)) ?? 1
  }
  const currentChainId = () => chainId ?? defaultChainId()
  const rpcUrl = (id: number) => evmNetwork(id)?.rpcUrls.default.http.find((u) => /^https?:\/\//.test(u))

  const frameBase = parameters.frameUrl ?? deps.getState().options.endpoints.frame
  const frame = createLazyFrame({
    base: frameBase,
    projectId: deps.getState().options.projectId,
    chainId: currentChainId,
    enableLogger: deps.getState().options.debug,
    dappData: () => {
      const { metadata, sdkVersion, projectId } = deps.getState().options
      return {
        ...(metadata ? { metadata: { name: metadata.name, description: metadata.description, url: metadata.url, icons: metadata.icons } } : {}),
        sdkType: 'portico',
        sdkVersion,
        projectId: projectId ?? '',
      }
    },
    theme: () => {
      const { themeMode, themeVariables } = deps.getState().theme
      return { themeMode, themeVariables }
    },
    t: deps.t,
    originCheck: deps.originCheck ?? fetchOriginCheck,
    onOriginNotAllowed: () =>
      deps.notify.alert({ title: deps.t('alert.invalidConfig.title'), message: deps.t('embeddedWallet.alert.domainNotAllowed.message') }),
    onSessionExpired: () => void sessionExpired(),
    onSmartAccountNetworks: (ids) => void rememberNetworks(ids),
    log: deps.log,
    ...(deps.document ? { document: deps.document } : {}),
    ...(deps.readyTimeoutMs !== undefined ? { readyTimeoutMs: deps.readyTimeoutMs } : {}),
    ...(deps.requestTimeoutMs !== undefined ? { requestTimeoutMs: deps.requestTimeoutMs } : {}),
    ...(deps.newId ? { newId: deps.newId } : {}),
  })

  const approvals = createApprovals({
    getState: deps.getState,
    modal: deps.modal,
    router: deps.router,
    abortInFrame: () => frame.send('RPC_ABORT'),
    toast: (message) => deps.notify.toast(message, 'error'),
    t: deps.t,
  })

  /** Records the user the frame reported, and the chain it is on. */
  function adopt(next: FrameGetUserSuccess, requestedChain: number) {
    user = next
    chainId = chainIdNumber(next.chainId) ?? requestedChain
    accountChanged()
    return next
  }

  async function rememberNetworks(ids: readonly number[]) {
    const known = smartNetworks.get()
    if (known.length === ids.length && ids.every((id) => known.includes(id))) return
    await smartNetworks.save(ids)
    accountChanged()
  }

  /** SPEC §3: the frame's smart-account-enabled networks, asked once per page (also asked after READY) and stored. */
  let networksAsked: Promise<void> | undefined
  const knowNetworks = () =>
    (networksAsked ??= frame.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', undefined).then(
      ({ smartAccountEnabledNetworks }) => rememberNetworks(smartAccountEnabledNetworks),
      (error: unknown) => {
        networksAsked = undefined
        deps.log.warn('smart-account networks:', error)
      },
    ))

  const smartAccountEnabled = (id: number) => smartNetworks.get().includes(id)

  /** SPEC §9 default account type of an eip155 chain: the host's per-chain option, then its eip155 one, then the spec's. */
  function defaultAccountType(id: number): EvmAccountType {
    if (!smartAccountEnabled(id)) return 'eoa'
    return parameters.defaultAccountTypes?.[`eip155:${id}`] ?? parameters.defaultAccountTypes?.eip155 ?? DEFAULT_ACCOUNT_TYPES.eip155
  }

  async function getUser(id: number) {
    await knowNetworks()
    const url = rpcUrl(id)
    return adopt(await frame.request('GET_USER', { chainId: id, preferredAccountType: defaultAccountType(id), ...(url ? { rpcUrl: url } : {}) }), id)
  }

  /** The connection the kernel records: the account in use first, then the other one, each with its type. */
  function connectionOf(next: FrameGetUserSuccess, fallbackChain: number): AdapterConnection {
    const accounts = [next.address, ...(next.accounts ?? []).map((a) => a.address).filter((a) => a !== next.address)]
    const accountTypes = Object.fromEntries((next.accounts ?? [{ address: next.address, type: 'eoa' as const }]).map((a) => [a.address, a.type]))
    return { address: next.address, accounts, accountTypes, chainId: chainId ?? fallbackChain }
  }

  /** SPEC §4 login frame: restore without a prompt; a "no" or a failure clears the connected cache. */
  function restore(): Promise<FrameGetUserSuccess | undefined> {
    if (user) return Promise.resolve(user)
    return (restoring ??= (async () => {
      const stored = await login.loaded()
      if (!stored.emailLoginUsed) return undefined
      try {
        const { isConnected } = await frame.request('IS_CONNECTED', undefined)
        if (!isConnected) {
          await login.clearSession()
          return undefined
        }
        return await getUser(currentChainId())
      } catch (error) {
        deps.log.warn('could not restore the embedded wallet:', error)
        await login.clearSession()
        return undefined
      }
    })().finally(() => (restoring = undefined)))
  }

  const session: ProviderSession = {
    user: () => user,
    restore,
    chainId: currentChainId,
    rpcUrl,
    transacted() {
      // a smart account's first transaction deploys it: read the account details again
      if (user && user.smartAccountDeployed === false) getUser(currentChainId()).catch((e) => deps.log.warn('embedded wallet user:', e))
    },
    async switchChain(id) {
      const url = rpcUrl(id)
      await frame.request('SWITCH_NETWORK', { chainId: id, ...(url ? { rpcUrl: url } : {}) })
      const previous = user?.address
      chainId = id
      // SPEC §4: for the auth connector the embedded wallet reconnects on the new chain
      if (user) {
        const next = await getUser(id)
        if (next.address !== previous) eip155.emit('accountsChanged', [next.address])
      }
      eip155.emit('chainChanged', `0x${id.toString(16)}`)
    },
  }

  const eip155 = createAuthProvider('eip155', { frame, approvals, session })
  const solana = createAuthProvider('solana', { frame, approvals, session })

  /** SPEC §8 "Session Expired" alert; the connection ends through the provider's disconnect event. */
  async function sessionExpired() {
    deps.notify.alert({ title: deps.t('embeddedWallet.alert.sessionExpired.title'), message: deps.t('embeddedWallet.alert.sessionExpired.message') })
    const wasSignedIn = user !== undefined
    user = undefined
    accountChanged()
    approvals.abortAll()
    await login.clearSession()
    if (wasSignedIn) eip155.emit('disconnect', new ProviderRpcError(RPC_CODES.disconnected, 'Session expired'))
  }

  const frameAt = () => frameLocation(frameBase, { projectId: deps.getState().options.projectId ?? '', chainId: currentChainId(), enableLogger: false })

  /** The CONNECT_FARCASTER wait in progress (ended by going back, or by a newer channel). */
  let farcasterWait: AbortController | undefined

  /** SIGN_OUT, waiting at most SIGN_OUT_TIMEOUT_MS: the frame ends its waits and forgets any half login. */
  async function frameSignOut() {
    if (!frame.isMounted()) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, SIGN_OUT_TIMEOUT_MS)))
    await Promise.race([frame.request('SIGN_OUT', undefined).catch((e) => deps.log.warn('sign-out:', e)), limit])
    clearTimeout(timer)
  }

  const embeddedWallet: EmbeddedWalletApi & EmbeddedWalletSocialApi & EmbeddedWalletFarcasterApi = {
    async getFarcasterUri() {
      farcasterWait?.abort()
      farcasterWait = undefined
      return frame.request('GET_FARCASTER_URI', undefined)
    },
    async connectFarcaster(signal) {
      await login.loaded()
      farcasterWait?.abort()
      const wait = new AbortController()
      farcasterWait = wait
      const onAbort = () => wait.abort()
      signal?.addEventListener('abort', onAbort, { once: true })
      if (signal?.aborted) wait.abort()
      try {
        // no timeout: the visitor is scanning the code; the channel's 5 minutes end it in the frame
        const result = await frame.request('CONNECT_FARCASTER', undefined, { timeout: false, signal: wait.signal })
        // like a social login: the frame has a session; the auth connector connects with GET_USER
        await login.update({ emailLoginUsed: true, socialUsername: result.userName, socialProvider: 'farcaster' })
        return result
      } finally {
        signal?.removeEventListener('abort', onAbort)
        if (farcasterWait === wait) farcasterWait = undefined
      }
    },
    async resetFarcaster() {
      farcasterWait?.abort()
      farcasterWait = undefined
      if (user) return
      await frameSignOut()
      await login.clearSession()
    },
    frameOrigin: () => frameAt()?.origin,
    socialLoadingUrl() {
      const at = frameAt()
      return at ? `${at.src.split('/sdk?')[0]}/v1/social/loading` : undefined
    },
    async getSocialRedirectUri(provider, returnUrl) {
      return frame.request('GET_SOCIAL_REDIRECT_URI', { provider, ...(returnUrl ? { returnUrl } : {}) })
    },
    async connectSocial(resultUri, provider) {
      await login.loaded()
      const id = currentChainId()
      const url = rpcUrl(id)
      await knowNetworks()
      const result = await frame.request('CONNECT_SOCIAL', { uri: resultUri, chainId: id, preferredAccountType: defaultAccountType(id), ...(url ? { rpcUrl: url } : {}) })
      await login.update({
        emailLoginUsed: true,
        email: result.email ?? undefined,
        socialUsername: result.userName ?? undefined,
        socialProvider: provider,
      })
      return result
    },
    socialUser: () => ({ username: login.get().socialUsername, provider: login.get().socialProvider }),
    emailCooldownUntil() {
      const until = login.get().lastEmailLoginTime + EMAIL_COOLDOWN_MS
      return until > now() ? until : 0
    },
    async connectEmail(email) {
      await login.loaded()
      const until = embeddedWallet.emailCooldownUntil()
      if (until) {
        const n = Math.max(1, Math.ceil((until - now()) / 1000))
        throw new EmbeddedWalletError(deps.t('embeddedWallet.cooldown', { n }), 'EMAIL_COOLDOWN')
      }
      const { action } = await frame.request('CONNECT_EMAIL', { email })
      pendingEmail = email
      // a code or a link went out: the cooldown starts; CONNECT means the frame's session already covers the email
      if (action === 'CONNECT') await login.update({ email, emailLoginUsed: true })
      else await login.update({ lastEmailLoginTime: now() })
      return { action }
    },
    async connectDevice(signal) {
      await frame.request('CONNECT_DEVICE', undefined, { timeout: false, ...(signal ? { signal } : {}) })
      // once the device is approved, the frame mails the code
      await login.update({ lastEmailLoginTime: now() })
    },
    async connectOtp(otp) {
      await frame.request('CONNECT_OTP', { otp })
      await login.update({ emailLoginUsed: true, ...(pendingEmail ? { email: pendingEmail } : {}) })
      pendingEmail = undefined
    },
    async updateEmail(email) {
      return frame.request('UPDATE_EMAIL', { email })
    },
    async updateEmailPrimaryOtp(otp) {
      await frame.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })
    },
    async updateEmailSecondaryOtp(otp) {
      const { newEmail } = await frame.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
      if (user) user = { ...user, email: newEmail }
      await login.update({ email: newEmail })
      return { newEmail }
    },
    email: () => login.get().email,
    subscribe: (listener) => login.subscribe(listener),
  }

  const connector = {
    id: AUTH_CONNECTOR_ID,
    get name() {
      return parameters.name ?? deps.t('embeddedWallet.name')
    },
    type: 'AUTH',
    // read when the registry records the connector: solana only once a solana adapter is there
    get chains() {
      return deps.namespaces()
    },
    ...(parameters.imageUrl ? { imageUrl: parameters.imageUrl } : {}),
    embeddedWallet,

    async getProvider(namespace: ChainNamespace): Promise<AuthProvider> {
      if (namespace === 'eip155') return eip155
      if (namespace === 'solana' && deps.namespaces().includes('solana')) return solana
      throw new EmbeddedWalletError(`The embedded wallet does not serve ${namespace}.`, 'NAMESPACE_NOT_SUPPORTED')
    },

    /** GET_USER on the requested network: the visitor signed in through the email (or social) flow first. */
    async connect({ namespace, network }: { namespace: ChainNamespace; network?: CaipNetworkLike }): Promise<AdapterConnection> {
      // TODO: solana accounts once the frame reports them per namespace (GET_USER answers the eip155 address)
      if (namespace !== 'eip155') throw new EmbeddedWalletError(`The embedded wallet cannot connect ${namespace} yet.`, 'NAMESPACE_NOT_SUPPORTED')
      const requested = (network?.chainNamespace === 'eip155' ? chainIdNumber(network.id) : undefined) ?? currentChainId()
      let next = await getUser(requested)
      // SPEC §4: once per connect, the account type is set to the chain's default when the frame kept another
      const on = chainId ?? requested
      const wanted = defaultAccountType(on)
      if (smartAccountEnabled(on) && next.preferredAccountType && next.preferredAccountType !== wanted) {
        try {
          await frame.request('SET_PREFERRED_ACCOUNT', { type: wanted })
          next = await getUser(on)
        } catch (error) {
          // the account the frame uses still works; the visitor can switch in the Account view
          deps.log.warn('could not set the default account type:', error)
        }
      }
      await login.update({ emailLoginUsed: true, ...(next.email ? { email: next.email } : {}) })
      return connectionOf(next, requested)
    },

    /** SIGN_OUT (at most 3 s); the stored email and flag are forgotten whatever the frame answers. */
    async disconnect() {
      approvals.abortAll()
      farcasterWait?.abort()
      await frameSignOut()
      user = undefined
      chainId = undefined
      pendingEmail = undefined
      accountChanged()
      await login.clearSession()
    },

    accountDetails(): AuthAccountDetails | undefined {
      if (!user) return undefined
      const allAccounts = connectionOf(user, currentChainId()).accounts.map((address) => ({
        address,
        type: user!.accounts?.find((a) => a.address === address)?.type ?? 'eoa',
      }))
      return { address: user.address, allAccounts, preferredAccountType: user.preferredAccountType ?? 'eoa', smartAccountDeployed: user.smartAccountDeployed ?? false }
    },
    subscribeAccount(listener: () => void) {
      accountListeners.add(listener)
      return () => void accountListeners.delete(listener)
    },
    smartAccountEnabled: (id?: number) => smartAccountEnabled(id ?? currentChainId()),
    async setPreferredAccountType(type: EvmAccountType) {
      if (!user) throw new EmbeddedWalletError('Sign in to the embedded wallet first.', 'NOT_SIGNED_IN')
      const previous = user.address
      await frame.request('SET_PREFERRED_ACCOUNT', { type })
      const next = await getUser(currentChainId())
      if (next.address !== previous) eip155.emit('accountsChanged', [next.address])
    },

    syncTheme: () => frame.syncTheme(),
    async start() {
      await smartNetworks.loaded()
      const stored = await login.loaded()
      if (stored.emailLoginUsed) await frame.mount().catch((e) => deps.log.warn('login frame:', e))
    },
    destroy() {
      approvals.abortAll()
      frame.destroy()
    },
  } as AuthConnector
  internals.set(connector, { frame, approvals, login, provider: eip155 })
  return connector
}
