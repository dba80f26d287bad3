import { FRAME_EVENT_PREFIX, type FrameEvent, type FrameRpcRequest, type FrameSyncDappData } from '@portico/contracts/frame'
import type { Address } from 'viem'
import type { ApprovalQueue } from './approval.js'
import type { AuthClient } from './authClient.js'
import type { ChainState } from './chain.js'
import { FrameFailure, MESSAGES } from './errors.js'
import type { FrameHandlers } from './router.js'
import type { SmartAccountTarget } from './smartAccount.js'
import type { EvmAccountsView, SmartAccounts } from './smartAccounts.js'
import type { FrameStore, StoredAccount } from './store.js'
import { applyTheme } from './theme.js'
import type { WalletService } from './wallet.js'

/** How often CONNECT_DEVICE asks whether the emailed link was opened. */
export const DEVICE_POLL_MS = 2_000
/** Give up waiting for the device link after this long (the link itself expires sooner). */
export const DEVICE_WAIT_MS = 15 * 60_000
/** How often CONNECT_FARCASTER asks whether the Farcaster app approved the channel (it expires after 5 minutes). */
export const FARCASTER_POLL_MS = 1_000

export interface HandlerDeps {
  auth: AuthClient
  store: FrameStore
  wallet: WalletService
  chain: ChainState
  approvals: ApprovalQueue
  /** The chains with a smart account and the visitor's choice between it and the eoa. */
  smartAccounts: SmartAccounts
  doc: Document
  /** Posts an unsolicited event (SESSION_UPDATE). */
  send(event: FrameEvent): void
  /** Loads the signer on the first RPC request (it brings viem's clients). */
  rpc(request: FrameRpcRequest, account: (chainId?: number) => Promise<ActiveEvmAccount>): Promise<unknown>
  reload(): void
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  now?: () => number
  /** Social sign-in: the project, the embedding page's origin (checked) and this frame's own origin. */
  social?: { projectId: string; parentOrigin: string; origin: string }
}

/** The eip155 account requests on a chain use: the eoa, or the smart account it owns (`smart`). */
export interface ActiveEvmAccount {
  userId: string
  address: Address
  /** The eoa (the smart account's owner). */
  owner: Address
  /** The smart account in use: set when the visitor prefers it and the chain offers one. */
  smart?: SmartAccountTarget
  /** The chain's smart account whether in use or not (a batch it sent is looked up there). */
  offered?: SmartAccountTarget
}

const abortable = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(new FrameFailure(MESSAGES.aborted))
    })
  })

const sameEmail = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase()

/** The frame's answer to every app request (frame-design.md, "Protocol behaviour"). */
export function createHandlers(deps: HandlerDeps): FrameHandlers & { dappData(): FrameSyncDappData | undefined } {
  const { auth, store, wallet, chain, approvals, smartAccounts } = deps
  const sleep = deps.sleep ?? abortable
  const now = deps.now ?? Date.now
  /** The email CONNECT_EMAIL started a login for; CONNECT_DEVICE and CONNECT_OTP continue it. */
  let pendingEmail: string | undefined
  /** Stops a CONNECT_DEVICE wait that a newer login, sign-out or reload replaced. */
  let deviceWait: AbortController | undefined
  let dappData: FrameSyncDappData | undefined
  /** The Farcaster channel GET_FARCASTER_URI opened; CONNECT_FARCASTER waits for its approval. */
  let farcasterChannel: { channelToken: string; url: string; binding: string } | undefined
  let farcasterWait: AbortController | undefined

  /** Ends the waits of a login a newer login, sign-out or reload replaced (a device link, a Farcaster approval). */
  const stopDeviceWait = () => {
    deviceWait?.abort()
    deviceWait = undefined
    farcasterWait?.abort()
    farcasterWait = undefined
  }

  /** The signed-in user with their wallet's accounts; throws when there is no usable session. */
  async function signedIn(): Promise<{ userId: string; email: string | null; accounts: StoredAccount[] }> {
    const session = await store.session()
    if (!session) throw new FrameFailure(MESSAGES.notSignedIn, 'NOT_SIGNED_IN')
    const current = await auth.currentSession()
    if (current.email !== session.email) await store.patchSession({ email: current.email })
    const accounts = (await store.accounts()) ?? (await wallet.ensure(current.userId))
    return { userId: current.userId, email: current.email, accounts }
  }

  async function evmOwner(): Promise<{ userId: string; address: Address }> {
    const session = await store.session()
    if (!session) throw new FrameFailure(MESSAGES.notSignedIn, 'NOT_SIGNED_IN')
    const accounts = (await store.accounts()) ?? (await wallet.ensure(session.userId))
    const evm = accounts.find((a) => a.namespace === 'eip155')
    if (!evm) throw new FrameFailure(MESSAGES.somethingWrong, 'NO_EVM_ACCOUNT')
    return { userId: session.userId, address: evm.address as Address }
  }

  /** The account RPC requests on `chainId` (default: the active chain) act as: the smart account when preferred there. */
  async function evmAccount(chainId?: number): Promise<ActiveEvmAccount> {
    const owner = await evmOwner()
    const id = chainId ?? chain.chainId
    const view = await smartAccounts.view(owner.address, id, chain.rpcUrlFor(id))
    const offered = smartAccounts.target(owner.address, id, chain.rpcUrlFor(id))
    return { userId: owner.userId, address: view.address, owner: owner.address, ...(view.smart ? { smart: view.smart } : {}), ...(offered ? { offered } : {}) }
  }

  /** GET_USER's and CONNECT_SOCIAL's account fields on the active chain (solana: its address, no smart account). */
  async function userAccounts(accounts: StoredAccount[], fallback?: string): Promise<Omit<EvmAccountsView, 'smart'>> {
    const address = userAddress(accounts, chain.chainId)
    const evm = accounts.find((a) => a.namespace === 'eip155')
    if (!evm || evm.address !== address) return { address: address as Address, accounts: [{ address: address as Address, type: 'eoa' }], preferredAccountType: 'eoa', smartAccountDeployed: false }
    const { smart: _smart, ...view } = await smartAccounts.view(evm.address as Address, chain.chainId, chain.rpcUrlFor(chain.chainId), fallback)
    return view
  }

  /** Polls /v1/device/status until the emailed link approved this device (or the wait is replaced or too long). */
  async function waitForDevice(email: string, deviceId: string, signal: AbortSignal): Promise<void> {
    const deadline = now() + DEVICE_WAIT_MS
    for (;;) {
      try {
        if ((await auth.deviceStatus(email, deviceId)).approved) return
      } catch (error) {
        // a blip of the network or a rate limit: keep waiting, the visitor is reading their mail
        if (!(error instanceof FrameFailure)) throw error
      }
      if (now() >= deadline) throw new FrameFailure('The device confirmation expired; request a new code.', 'DEVICE_WAIT_EXPIRED')
      await sleep(DEVICE_POLL_MS, signal)
    }
  }

  /**
   * Asks for the code once the device is approved. The link mail counted as a send, so a visitor who opens it
   * quickly meets the resend cooldown: wait it out, they are waiting for the code anyway.
   */
  async function requestCodeAfterApproval(email: string, deviceId: string, signal: AbortSignal): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const started = await auth.emailStart(email, deviceId)
        if (started.status === 'CODE_SENT') return
        throw new FrameFailure('This device is not confirmed yet; open the link in the email.', 'DEVICE_NOT_APPROVED')
      } catch (error) {
        if (!(error instanceof FrameFailure && error.code === 'COOLDOWN' && error.retryAfter && attempt < 3)) throw error
        await sleep(error.retryAfter * 1000, signal)
      }
    }
  }

  const userAddress = (accounts: StoredAccount[], chainId: number | string) => {
    const solana = typeof chainId === 'string' && !/^(0x[0-9a-f]+|\d+|eip155:\d+)$/i.test(chainId)
    return accounts.find((a) => a.namespace === (solana ? 'solana' : 'eip155'))?.address ?? accounts[0].address
  }

  return {
    dappData: () => dappData,

    async SWITCH_NETWORK({ chainId, rpcUrl }) {
      await chain.set(chainId, rpcUrl)
      return { chainId: chain.chainId }
    },

    async CONNECT_EMAIL({ email }) {
      stopDeviceWait()
      const session = await store.session()
      if (session && sameEmail(session.email, email)) {
        // already signed in here with this email: nothing to verify (a dead session falls through to a new code)
        const alive = await auth.currentSession().then(
          () => true,
          (error) => (error instanceof FrameFailure && error.message === MESSAGES.sessionExpired ? false : Promise.reject(error)),
        )
        if (alive) {
          await wallet.ensure(session.userId)
          return { action: 'CONNECT' as const }
        }
      }
      const started = await auth.emailStart(email, await store.deviceId())
      pendingEmail = email
      return { action: started.status === 'VERIFY_DEVICE' ? ('VERIFY_DEVICE' as const) : ('VERIFY_OTP' as const) }
    },

    async CONNECT_DEVICE() {
      const email = pendingEmail
      if (!email) throw new FrameFailure(MESSAGES.noPendingEmail, 'NO_PENDING_EMAIL')
      stopDeviceWait()
      const controller = new AbortController()
      deviceWait = controller
      try {
        const deviceId = await store.deviceId()
        await waitForDevice(email, deviceId, controller.signal)
        await requestCodeAfterApproval(email, deviceId, controller.signal)
        return undefined
      } finally {
        if (deviceWait === controller) deviceWait = undefined
      }
    },

    async CONNECT_OTP({ otp }) {
      const email = pendingEmail
      if (!email) throw new FrameFailure(MESSAGES.noPendingEmail, 'NO_PENDING_EMAIL')
      const session = await auth.emailVerify(email, otp.trim(), await store.deviceId())
      pendingEmail = undefined
      await wallet.ensure(session.userId)
      deps.send({ type: `${FRAME_EVENT_PREFIX}SESSION_UPDATE`, payload: { token: session.tag } })
      return undefined
    },

    async GET_USER(payload) {
      if (payload?.chainId !== undefined || payload?.rpcUrl) await chain.set(payload?.chainId ?? chain.chainId, payload?.rpcUrl)
      const user = await signedIn()
      const view = await userAccounts(user.accounts, payload?.preferredAccountType)
      return { email: user.email, chainId: chain.chainId, ...view }
    },

    async IS_CONNECTED() {
      if (!(await store.session())) return { isConnected: false }
      try {
        await signedIn()
        return { isConnected: true }
      } catch (error) {
        if (error instanceof FrameFailure && (error.message === MESSAGES.sessionExpired || error.message === MESSAGES.notSignedIn)) {
          return { isConnected: false }
        }
        throw error
      }
    },

    async SIGN_OUT() {
      stopDeviceWait()
      pendingEmail = undefined
      approvals.abortAll(MESSAGES.aborted)
      await auth.signOut(AbortSignal.timeout(2_500))
      await store.clearAll()
      return undefined
    },

    GET_CHAIN_ID: () => ({ chainId: chain.chainId }),

    async RPC_REQUEST(request) {
      return deps.rpc(request, evmAccount)
    },

    RPC_ABORT() {
      approvals.abortAll(MESSAGES.aborted)
      return undefined
    },

    async UPDATE_EMAIL({ email }) {
      const { action } = await auth.updateEmailStart(email)
      return { action }
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      await auth.updateEmailPrimary(otp.trim())
      return undefined
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const { email } = await auth.updateEmailSecondary(otp.trim())
      await store.patchSession({ email })
      return { newEmail: email }
    },

    SYNC_THEME(theme) {
      applyTheme(deps.doc, theme)
      return undefined
    },
    SYNC_DAPP_DATA(data) {
      dappData = data
      return undefined
    },
    RELOAD() {
      stopDeviceWait()
      // answer first: the reply must leave before the document goes away
      setTimeout(() => deps.reload(), 50)
      return undefined
    },

    GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: smartAccounts.enabledNetworks() }),
    async INIT_SMART_ACCOUNT() {
      const owner = await evmOwner()
      return smartAccounts.info(owner.address, chain.chainId, chain.rpcUrlFor(chain.chainId))
    },
    async SET_PREFERRED_ACCOUNT({ type }) {
      const owner = await evmOwner()
      if (type === 'smartAccount' && !smartAccounts.configFor(chain.chainId)) throw new FrameFailure(MESSAGES.smartAccountUnavailable, 'NO_SMART_ACCOUNT')
      await smartAccounts.setPreferred(type)
      const view = await smartAccounts.view(owner.address, chain.chainId, chain.rpcUrlFor(chain.chainId))
      if (view.preferredAccountType !== type) throw new FrameFailure(MESSAGES.smartAccountServiceUnavailable, 'SMART_ACCOUNT_UNDERIVABLE')
      return { type: view.preferredAccountType, address: view.address }
    },
    async GET_SOCIAL_REDIRECT_URI({ provider, returnUrl }) {
      const social = deps.social
      if (!social) throw new FrameFailure(MESSAGES.socialUnavailable)
      // the page to come back to must be the embedding page's own origin
      const back = returnUrl ?? `${social.parentOrigin}/`
      if (new URL(back).origin !== social.parentOrigin) throw new FrameFailure(MESSAGES.socialReturnNotAllowed, 'RETURN_URL_NOT_ALLOWED')
      const { uri, binding } = await auth.socialStart(provider, social.projectId, back)
      await store.saveSocialBinding(binding)
      return { uri }
    },

    async CONNECT_SOCIAL({ uri, chainId, rpcUrl, preferredAccountType }) {
      const social = deps.social
      if (!social) throw new FrameFailure(MESSAGES.socialUnavailable)
      let result: string | null = null
      try {
        const parsed = new URL(uri)
        if (parsed.origin === social.origin && parsed.pathname === '/v1/social/result') result = parsed.searchParams.get('result')
      } catch {
        // not a URL: refused below
      }
      if (!result) throw new FrameFailure(MESSAGES.socialResultInvalid, 'SOCIAL_RESULT_INVALID')
      const binding = await store.socialBinding()
      if (!binding) throw new FrameFailure(MESSAGES.socialNotStartedHere, 'SOCIAL_BINDING_MISSING')
      stopDeviceWait()
      pendingEmail = undefined
      const session = await auth.socialFinish(result, binding, await store.deviceId())
      await store.saveSocialBinding(undefined)
      const accounts = await wallet.ensure(session.userId)
      deps.send({ type: `${FRAME_EVENT_PREFIX}SESSION_UPDATE`, payload: { token: session.tag } })
      if (chainId !== undefined || rpcUrl) await chain.set(chainId ?? chain.chainId, rpcUrl)
      const { smartAccountDeployed: _deployed, ...view } = await userAccounts(accounts, preferredAccountType)
      return { email: session.email, chainId: chain.chainId, userName: session.userName, ...view }
    },
    async GET_FARCASTER_URI() {
      const social = deps.social
      if (!social) throw new FrameFailure(MESSAGES.farcasterUnavailable)
      farcasterWait?.abort()
      const { channelToken, url, binding } = await auth.farcasterChannel(social.projectId, `${social.parentOrigin}/`)
      farcasterChannel = { channelToken, url, binding }
      return { url }
    },
    async CONNECT_FARCASTER() {
      const channel = farcasterChannel
      if (!channel) throw new FrameFailure(MESSAGES.farcasterNotStarted, 'FARCASTER_NOT_STARTED')
      farcasterWait?.abort()
      const wait = new AbortController()
      farcasterWait = wait
      // until the Farcaster app approves, the channel expires (the server says so) or a newer channel replaces it
      for (;;) {
        const status = await auth.farcasterStatus(channel.channelToken)
        if (status.state === 'completed') break
        await sleep(FARCASTER_POLL_MS, wait.signal)
      }
      if (farcasterWait === wait) farcasterWait = undefined
      stopDeviceWait()
      pendingEmail = undefined
      const session = await auth.farcasterFinish(channel.channelToken, channel.binding, await store.deviceId())
      farcasterChannel = undefined
      await wallet.ensure(session.userId)
      deps.send({ type: `${FRAME_EVENT_PREFIX}SESSION_UPDATE`, payload: { token: session.tag } })
      return { userName: session.userName ?? `fid ${session.fid}` }
    },
  }
}
