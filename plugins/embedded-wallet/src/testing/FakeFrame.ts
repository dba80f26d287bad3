/*
 * A fake login frame for the plugin's tests: it stands in for the frame page inside the real `<iframe id="w3m-iframe">`
 * (jsdom loads no page), checks every app message with the protocol's zod schema as the real frame does, and
 * answers per protocol from the frame's origin and window. Requests a test wants to answer itself are held.
 */
import { FrameAppEventSchema, FrameEventSchema, type FrameAppEvent, type FrameRequestName } from '@portico/contracts/frame'

export const FAKE_FRAME_URL = 'http://frame.test'
export const FAKE_FRAME_ORIGIN = 'http://frame.test'
export const FAKE_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const FAKE_EMAIL = 'visitor@portico.test'
/** The fake's smart account of {@link FAKE_ADDRESS} on the chains in `smartAccountNetworks`. */
export const FAKE_SMART_ADDRESS = '0x5a5A5a5a5A5a5a5a5a5A5a5A5A5a5a5A5A5A5A5A'

type Reply = { ok: true; payload?: unknown } | { ok: false; message?: string } | 'hold'
type Handler = (event: FrameAppEvent) => Reply

const nameOf = (type: string) => type.slice('@w3m-app/'.length) as FrameRequestName

export class FakeFrame {
  /** Every message the app posted, in order, as the frame parsed it. */
  readonly received: FrameAppEvent[] = []
  /** The target origins the app posted with. */
  readonly targetOrigins: string[] = []
  /** Messages the fake refused (zod). */
  readonly refused: unknown[] = []
  /** Requests held for the test to answer. */
  readonly held: FrameAppEvent[] = []
  iframe: HTMLIFrameElement | undefined
  signedIn = false
  /** Say READY as soon as the iframe appears. */
  autoReady = true
  /** Chains where the fake offers a smart account (GET_SMART_ACCOUNT_ENABLED_NETWORKS). */
  smartAccountNetworks: number[] = []
  /** The type SET_PREFERRED_ACCOUNT stored (undefined: never set, GET_USER's `preferredAccountType` decides). */
  preferred: 'eoa' | 'smartAccount' | undefined
  smartAccountDeployed = false
  readonly overrides = new Map<FrameRequestName, Handler>()
  private observer: MutationObserver

  constructor(private readonly doc: Document = document) {
    this.observer = new MutationObserver(() => this.find())
    this.observer.observe(doc.body, { childList: true })
    this.find()
  }

  private find() {
    const el = this.doc.getElementById('w3m-iframe') as HTMLIFrameElement | null
    if (!el || el === this.iframe) return
    this.iframe = el
    const win = el.contentWindow!
    // the app posts into the frame's window: the fake takes the message instead of a page
    win.postMessage = ((message: unknown, targetOrigin: string) => this.receive(message, targetOrigin)) as typeof win.postMessage
    if (this.autoReady) queueMicrotask(() => this.ready())
  }

  get window(): Window {
    return this.iframe!.contentWindow!
  }

  ready() {
    this.emit({ type: '@w3m-frame/READY', payload: { version: '4' } })
  }

  /** Posts `data` to the app as the frame would (or from another origin or window, to test the checks). */
  emit(data: unknown, from: { origin?: string; source?: Window | null } = {}) {
    const source = from.source === undefined ? this.window : from.source
    window.dispatchEvent(new MessageEvent('message', { data, origin: from.origin ?? FAKE_FRAME_ORIGIN, source: source as never }))
  }

  succeed(event: FrameAppEvent, payload?: unknown) {
    const reply = { id: event.id, type: `@w3m-frame/${nameOf(event.type)}_SUCCESS`, ...(payload === undefined ? {} : { payload }) }
    // the fake only says what the protocol allows
    if (!FrameEventSchema.safeParse(reply).success) throw new Error(`FakeFrame: invalid reply ${JSON.stringify(reply)}`)
    this.emit(reply)
  }

  fail(event: FrameAppEvent, message?: string) {
    this.emit({ id: event.id, type: `@w3m-frame/${nameOf(event.type)}_ERROR`, payload: message === undefined ? {} : { message } })
  }

  /** The held request of `name` (the oldest), removed from the held list. */
  take(name: FrameRequestName): FrameAppEvent {
    const i = this.held.findIndex((e) => nameOf(e.type) === name)
    if (i < 0) throw new Error(`FakeFrame: no held ${name}`)
    return this.held.splice(i, 1)[0]!
  }

  sent(name: FrameRequestName): FrameAppEvent[] {
    return this.received.filter((e) => nameOf(e.type) === name)
  }

  private receive(message: unknown, targetOrigin: string) {
    this.targetOrigins.push(targetOrigin)
    const parsed = FrameAppEventSchema.safeParse(message)
    if (!parsed.success) return void this.refused.push(message)
    const event = parsed.data
    this.received.push(event)
    const name = nameOf(event.type)
    const reply = (this.overrides.get(name) ?? ((e: FrameAppEvent) => this.answer(e)))(event)
    if (reply === 'hold') return void this.held.push(event)
    // replies come asynchronously, as from another window
    setTimeout(() => (reply.ok ? this.succeed(event, reply.payload) : this.fail(event, reply.message)), 0)
  }

  /** The protocol's default answers. */
  private answer(event: FrameAppEvent): Reply {
    switch (event.type) {
      case '@w3m-app/SYNC_DAPP_DATA':
      case '@w3m-app/SYNC_THEME':
      case '@w3m-app/UPDATE_EMAIL_PRIMARY_OTP':
        return { ok: true }
      case '@w3m-app/IS_CONNECTED':
        return { ok: true, payload: { isConnected: this.signedIn } }
      case '@w3m-app/GET_USER': {
        if (!this.signedIn) return { ok: false, message: 'Not signed in.' }
        const chainId = event.payload?.chainId ?? 1
        if (!this.smartAccountNetworks.includes(Number(chainId))) {
          return { ok: true, payload: { email: FAKE_EMAIL, address: FAKE_ADDRESS, chainId, accounts: [{ address: FAKE_ADDRESS, type: 'eoa' }] } }
        }
        const preferred = this.preferred ?? (event.payload?.preferredAccountType === 'eoa' ? 'eoa' : 'smartAccount')
        return {
          ok: true,
          payload: {
            email: FAKE_EMAIL,
            address: preferred === 'eoa' ? FAKE_ADDRESS : FAKE_SMART_ADDRESS,
            chainId,
            accounts: [
              { address: FAKE_ADDRESS, type: 'eoa' },
              { address: FAKE_SMART_ADDRESS, type: 'smartAccount' },
            ],
            preferredAccountType: preferred,
            smartAccountDeployed: this.smartAccountDeployed,
          },
        }
      }
      case '@w3m-app/GET_SMART_ACCOUNT_ENABLED_NETWORKS':
        return { ok: true, payload: { smartAccountEnabledNetworks: this.smartAccountNetworks } }
      case '@w3m-app/SET_PREFERRED_ACCOUNT': {
        const type = event.payload.type === 'eoa' ? 'eoa' : 'smartAccount'
        this.preferred = type
        return { ok: true, payload: { type, address: type === 'eoa' ? FAKE_ADDRESS : FAKE_SMART_ADDRESS } }
      }
      case '@w3m-app/CONNECT_EMAIL':
        return { ok: true, payload: { action: 'VERIFY_OTP' } }
      case '@w3m-app/CONNECT_OTP':
        this.signedIn = true
        return { ok: true }
      case '@w3m-app/SIGN_OUT':
        this.signedIn = false
        return { ok: true }
      case '@w3m-app/SWITCH_NETWORK':
        return { ok: true, payload: { chainId: event.payload.chainId } }
      case '@w3m-app/UPDATE_EMAIL':
        return { ok: true, payload: { action: 'VERIFY_PRIMARY_OTP' } }
      case '@w3m-app/UPDATE_EMAIL_SECONDARY_OTP':
        return { ok: true, payload: { newEmail: 'new@portico.test' } }
      case '@w3m-app/RPC_ABORT':
        // the frame drops what waits for approval
        for (const e of this.held.splice(0)) if (e.type === '@w3m-app/RPC_REQUEST') this.fail(e, 'Request was aborted')
        return { ok: true }
      case '@w3m-app/RPC_REQUEST': {
        const method = event.payload.method
        if (method === 'eth_blockNumber') return { ok: true, payload: '0x10' }
        // signing waits for the visitor
        return 'hold'
      }
      default:
        return 'hold'
    }
  }

  destroy() {
    this.observer.disconnect()
  }
}
