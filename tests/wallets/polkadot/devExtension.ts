/**
 * The Portico Dev Wallet's Polkadot side: a real `injectedWeb3` extension (the polkadot{.js} injection protocol) on
 * `@polkadot/keyring` sr25519 dev accounts (//Alice, //Bob by default). `enable(origin)` asks for authorisation the
 * first time (answered by the mode), then lists the accounts and signs with `signer.signRaw`, wrapping the bytes in
 * `<Bytes>…</Bytes>` as polkadot{.js} does. Tests steer it like the EVM Dev Wallet: approve, reject or fail prompts,
 * disconnect, change the accounts (none, for "an extension with no accounts").
 */
import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { hexToU8a, isHex, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { decodeAddress } from '@polkadot/util-crypto'

/** How the extension answers requests that need the visitor's approval. */
export type PolkadotDevWalletMode = 'approve' | 'reject' | 'fail'

/** Sync key-value storage (the Web Storage API shape); the browser entry passes `localStorage`. */
export type PolkadotDevWalletStorage = { getItem(key: string): string | null; setItem(key: string, value: string): void }

export type PolkadotDevWalletParameters = {
  /** Secret URIs of the accounts (`//Alice`, a mnemonic…), first one listed first. Default //Alice and //Bob. */
  uris?: readonly string[]
  /** Keeps authorisation across page loads (like an extension does per origin). */
  storage?: PolkadotDevWalletStorage
  /** Storage key. Default `portico-dev-wallet-polkadot`. */
  storageKey?: string
}

/** An account as the extension lists it (the protocol's `InjectedAccount`). */
export type PolkadotDevWalletAccount = { address: string; name: string; type: 'sr25519'; genesisHash: null }

/** A request the extension received, for assertions. */
export type PolkadotDevWalletRequest = { method: 'enable' | 'accounts.get' | 'signRaw'; origin?: string; address?: string; data?: string; outcome: 'approved' | 'rejected' | 'failed' }

/** The `injectedWeb3` entry: `enable`, plus the display name and icon the Connect view shows. */
export type PolkadotDevWalletEntry = { version: string; name: string; icon: string; enable(origin: string): Promise<unknown> }

export type PolkadotDevWallet = {
  /** What goes into `window.injectedWeb3[POLKADOT_DEV_WALLET_KEY]`. */
  readonly entry: PolkadotDevWalletEntry
  /** Addresses of the accounts (generic SS58 prefix 42), in listing order. */
  readonly addresses: readonly string[]
  readonly authorized: boolean
  readonly mode: PolkadotDevWalletMode
  /** Every request received, oldest first. */
  readonly requests: readonly PolkadotDevWalletRequest[]
  /** How prompts are answered from now on. */
  setMode(mode: PolkadotDevWalletMode): void
  /** The extension stops allowing the site: authorisation dropped, subscribers told there are no accounts. */
  disconnect(): void
  /** Replaces the accounts (`[]` for an extension with none); subscribers are told. */
  setAccounts(uris: readonly string[]): void
}

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="24" fill="#e6007a"/>' +
  '<path d="M28 30h26a14 14 0 0 1 0 28H40v10H28z" fill="#fff"/>' +
  '<rect x="40" y="40" width="14" height="8" rx="4" fill="#e6007a"/></svg>'

/** The extension's icon, a data URI (the plugin shows no remote image). */
export const POLKADOT_DEV_WALLET_ICON = `data:image/svg+xml;base64,${btoa(ICON_SVG)}`
/** The name the extension gives itself. */
export const POLKADOT_DEV_WALLET_NAME = 'Portico Dev Wallet'
/** Its key in `window.injectedWeb3`. */
export const POLKADOT_DEV_WALLET_KEY = 'portico-dev'
/** The connector id the polkadot plugin gives it. */
export const POLKADOT_DEV_WALLET_CONNECTOR_ID = 'polkadot.portico-dev'
/** The dev accounts it holds by default. */
export const POLKADOT_DEV_URIS = ['//Alice', '//Bob'] as const

const rejected = (message: string) => Object.assign(new Error(message), { code: 4001 })

/**
 * Creates the extension.
 *
 * @example
 * const wallet = createPolkadotDevWallet()
 * window.injectedWeb3 = { ...window.injectedWeb3, [POLKADOT_DEV_WALLET_KEY]: wallet.entry }
 * wallet.setMode('reject') // the next prompt fails with "Cancelled"
 */
export function createPolkadotDevWallet(parameters: PolkadotDevWalletParameters = {}): PolkadotDevWallet {
  const storageKey = parameters.storageKey ?? 'portico-dev-wallet-polkadot'
  const keyring = new Keyring({ type: 'sr25519', ss58Format: 42 })
  const pairsOf = (uris: readonly string[]) => uris.map((uri) => keyring.createFromUri(uri, { name: uri.replace(/^\/\//, '') }))
  let pairs: KeyringPair[] = pairsOf(parameters.uris ?? POLKADOT_DEV_URIS)
  let mode: PolkadotDevWalletMode = 'approve'
  let authorized = readAuthorized()
  const requests: PolkadotDevWalletRequest[] = []
  const subscribers = new Set<(accounts: PolkadotDevWalletAccount[]) => void>()
  let signatures = 0

  function readAuthorized(): boolean {
    try {
      return parameters.storage?.getItem(storageKey) === 'authorized'
    } catch {
      return false
    }
  }
  function setAuthorized(value: boolean) {
    authorized = value
    try {
      parameters.storage?.setItem(storageKey, value ? 'authorized' : '')
    } catch {
      /* private mode: authorisation lasts for this page only */
    }
  }
  const accounts = (): PolkadotDevWalletAccount[] =>
    authorized ? pairs.map((p) => ({ address: p.address, name: String(p.meta.name), type: 'sr25519', genesisHash: null })) : []
  const notify = () => {
    const list = accounts()
    for (const listener of [...subscribers]) listener(list)
  }
  const record = (request: PolkadotDevWalletRequest) => {
    requests.push(request)
    if (requests.length > 1000) requests.shift()
  }
  /** Answers a prompt by the mode. */
  const prompt = (request: Omit<PolkadotDevWalletRequest, 'outcome'>, refusal: string) => {
    if (mode === 'reject') {
      record({ ...request, outcome: 'rejected' })
      throw rejected(refusal)
    }
    if (mode === 'fail') {
      record({ ...request, outcome: 'failed' })
      throw new Error('The Dev Wallet failed on purpose.')
    }
    record({ ...request, outcome: 'approved' })
  }

  const injected = {
    accounts: {
      async get() {
        record({ method: 'accounts.get', outcome: 'approved' })
        return accounts()
      },
      subscribe(listener: (accounts: PolkadotDevWalletAccount[]) => void) {
        subscribers.add(listener)
        queueMicrotask(() => subscribers.has(listener) && listener(accounts()))
        return () => void subscribers.delete(listener)
      },
    },
    signer: {
      async signRaw({ address, data, type }: { address: string; data: string; type?: string }) {
        if (!authorized) throw new Error('The site is not allowed to interact with the Portico Dev Wallet.')
        if (type !== undefined && type !== 'bytes' && type !== 'payload') throw new Error(`Unknown signRaw type "${type}".`)
        if (!isHex(data)) throw new Error('signRaw expects 0x hex data.')
        let key: string
        try {
          key = u8aToHex(decodeAddress(address))
        } catch {
          throw new Error(`${address} is not an address.`)
        }
        const pair = pairs.find((p) => u8aToHex(p.publicKey) === key)
        if (!pair) throw new Error(`The Dev Wallet has no account ${address}.`)
        prompt({ method: 'signRaw', address, data }, 'Cancelled')
        return { id: ++signatures, signature: u8aToHex(pair.sign(u8aWrapBytes(hexToU8a(data)))) }
      },
    },
  }

  const entry: PolkadotDevWalletEntry = {
    version: '0.1.0',
    name: POLKADOT_DEV_WALLET_NAME,
    icon: POLKADOT_DEV_WALLET_ICON,
    async enable(origin: string) {
      if (typeof origin !== 'string' || !origin) throw new Error('enable(origin) needs the name of the app.')
      if (!authorized) {
        prompt({ method: 'enable', origin }, 'Rejected')
        setAuthorized(true)
        notify()
      } else record({ method: 'enable', origin, outcome: 'approved' })
      return injected
    },
  }

  return {
    entry,
    get addresses() {
      return pairs.map((p) => p.address)
    },
    get authorized() {
      return authorized
    },
    get mode() {
      return mode
    },
    requests,
    setMode(next) {
      if (next !== 'approve' && next !== 'reject' && next !== 'fail') throw new Error(`Unknown mode "${String(next)}".`)
      mode = next
    },
    disconnect() {
      setAuthorized(false)
      notify()
    },
    setAccounts(uris) {
      pairs = pairsOf(uris)
      notify()
    },
  }
}

/**
 * Puts the extension into `target.injectedWeb3` under {@link POLKADOT_DEV_WALLET_KEY}; returns the function that
 * takes it out again (a wallet that disappears).
 *
 * @example
 * const remove = injectPolkadotDevWallet(createPolkadotDevWallet())
 */
export function injectPolkadotDevWallet(wallet: PolkadotDevWallet, target: { injectedWeb3?: Record<string, unknown> } = globalThis as never): () => void {
  target.injectedWeb3 ??= {}
  target.injectedWeb3[POLKADOT_DEV_WALLET_KEY] = wallet.entry
  return () => {
    if (target.injectedWeb3?.[POLKADOT_DEV_WALLET_KEY] === wallet.entry) delete target.injectedWeb3[POLKADOT_DEV_WALLET_KEY]
  }
}
