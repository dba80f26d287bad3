import {
  isAddress,
  isCaipNetworkId,
  isChainNamespace,
  isSignedMessage,
  isTransactionHash,
} from '@portico/contracts/spec'
import {
  isPorticoError,
  type AdapterCapability,
  type CaipNetworkLike,
  type ChainAdapter,
  type Connector,
  type TransactionRequest,
} from '@portico/contracts/plugin'
import { NetworkSchema } from '@portico/contracts/schemas'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

/** What {@link describeChainAdapter} runs against: an adapter and a live wallet reached through a connector. */
export type ChainAdapterFixture = {
  adapter: ChainAdapter
  /** A connector whose wallet is live and approves requests (unless told to reject). */
  connector: Connector
  /** The network the wallet is on when the suite starts. */
  network: CaipNetworkLike
  /** A second network the wallet can switch to; without it the switching checks are skipped. */
  otherNetwork?: CaipNetworkLike
  /** The wallet's first account, which connect must return. */
  address: string
  /** Makes the wallet decline (`true`) or approve (`false`) prompts; without it the rejection check is skipped. */
  setRejecting?: (rejecting: boolean) => void | Promise<void>
  /** The wallet revokes authorisation on disconnect, so reconnect then yields `undefined`. */
  revokesOnDisconnect?: boolean
  /**
   * A transaction the wallet can send on `network`. Without it the adapter is taken as one that cannot send here
   * (a signing-only namespace): its sendTransaction must then refuse with a Portico error, not a raw one.
   */
  transaction?: TransactionRequest
  teardown?: () => void | Promise<void>
}

export type DescribeChainAdapterOptions = {
  /** Per-test timeout in ms (default 30 s). */
  timeout?: number
  /** How long to wait for a wallet event after switching, in ms (default 5 s). */
  eventTimeout?: number
}

/** Every optional method of the contract, each of which must be declared as a capability when present. */
const OPTIONAL_METHODS = ['signTypedData', 'estimateGas', 'getCapabilities', 'sendCalls', 'getCallsStatus', 'request', 'waitForTransaction'] as const
const KNOWN_CAPABILITIES: readonly AdapterCapability[] = [...OPTIONAL_METHODS, 'getAssets']
const REQUIRED_METHODS = ['connect', 'reconnect', 'disconnect', 'switchNetwork', 'getBalance', 'signMessage', 'sendTransaction', 'watch'] as const

const sameAddress = (namespace: string, a: string, b: string) => (namespace === 'eip155' ? a.toLowerCase() === b.toLowerCase() : a === b)
const sameChain = (a: string | number, b: string | number) => String(a) === String(b)

/**
 * The chain-adapter conformance suite. Third-party adapter authors run it against their adapter and a test wallet;
 * it checks the contract's promises (well-formed networks, declared capabilities, connect/reconnect, signing,
 * balances, switching with chain events, rejection codes, unsubscribing, disconnect).
 *
 * @example
 * describeChainAdapter('my adapter', async () => ({ adapter, connector, network, otherNetwork, address, setRejecting }))
 */
export function describeChainAdapter(
  name: string,
  factory: () => ChainAdapterFixture | Promise<ChainAdapterFixture>,
  options: DescribeChainAdapterOptions = {},
): void {
  const timeout = options.timeout ?? 30_000
  const events = { timeout: options.eventTimeout ?? 5_000 }
  describe(`chain adapter conformance: ${name}`, () => {
    let f: ChainAdapterFixture
    const connect = () => f.adapter.connect({ connector: f.connector, network: f.network })

    beforeAll(async () => {
      f = await factory()
    }, 120_000)
    afterAll(async () => {
      await f?.teardown?.()
    }, 60_000)

    it('shape: the namespace is known and every network is well-formed (caipNetworkId = namespace:id, decimals, http rpc urls)', () => {
      const { adapter } = f
      expect(isChainNamespace(adapter.namespace), `unknown namespace "${adapter.namespace}"`).toBe(true)
      expect(adapter.networks.length, 'an adapter defines at least one network').toBeGreaterThan(0)
      const ids = new Set<string>()
      for (const network of [...adapter.networks, f.network, ...(f.otherNetwork ? [f.otherNetwork] : [])]) {
        const where = `network ${network.caipNetworkId} (${network.name})`
        const parsed = NetworkSchema.safeParse(network)
        expect(parsed.success, `${where}: ${parsed.success ? '' : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`).toBe(true)
        expect(network.chainNamespace, where).toBe(adapter.namespace)
        expect(network.caipNetworkId, where).toBe(`${adapter.namespace}:${network.id}`)
        expect(isCaipNetworkId(network.caipNetworkId), where).toBe(true)
        expect(Number.isInteger(network.nativeCurrency.decimals) && network.nativeCurrency.decimals >= 0, where).toBe(true)
        expect(network.rpcUrls.default.http.length, `${where} has no rpc url`).toBeGreaterThan(0)
        for (const url of network.rpcUrls.default.http) expect(url, where).toMatch(/^https?:\/\//)
      }
      for (const network of adapter.networks) {
        expect(ids.has(network.caipNetworkId), `${network.caipNetworkId} is defined twice`).toBe(false)
        ids.add(network.caipNetworkId)
      }
    })

    it('shape: required methods exist and declared capabilities match the optional methods present', () => {
      const adapter = f.adapter as unknown as Record<string, unknown>
      for (const method of REQUIRED_METHODS) expect(typeof adapter[method], `required method ${method}`).toBe('function')
      const declared = f.adapter.capabilities
      expect(new Set(declared).size, 'capabilities are listed once each').toBe(declared.length)
      for (const capability of declared) {
        expect(KNOWN_CAPABILITIES, `unknown capability "${capability}"`).toContain(capability)
        expect(typeof adapter[capability], `capability "${capability}" is declared but the method is missing`).toBe('function')
      }
      for (const method of OPTIONAL_METHODS) {
        if (typeof adapter[method] === 'function') expect(declared, `method ${method} is present but not declared`).toContain(method)
      }
    })

    it('behavior: connect returns a valid address of the namespace, the wallet\'s account and a network id', async () => {
      const result = await connect()
      const ns = f.adapter.namespace
      expect(isAddress(result.address, ns), `"${result.address}" is not a ${ns} address`).toBe(true)
      expect(sameAddress(ns, result.address, f.address), `connect returned ${result.address}, expected ${f.address}`).toBe(true)
      expect(result.accounts.length).toBeGreaterThan(0)
      for (const account of result.accounts) expect(isAddress(account, ns), `"${account}" is not a ${ns} address`).toBe(true)
      expect(result.accounts.some((a) => sameAddress(ns, a, result.address)), 'accounts include the address').toBe(true)
      expect(isCaipNetworkId(`${ns}:${result.chainId}`), `chain id "${result.chainId}"`).toBe(true)
      expect(sameChain(result.chainId, f.network.id), 'connect reports the wallet\'s network').toBe(true)
    }, timeout)

    it('behavior: reconnect after connect returns the same address, without prompting', async () => {
      const connected = await connect()
      await f.setRejecting?.(true) // a prompt would fail now
      try {
        const restored = await f.adapter.reconnect({ connector: f.connector, network: f.network })
        expect(restored, 'reconnect yielded nothing after a connect').toBeDefined()
        expect(sameAddress(f.adapter.namespace, restored!.address, connected.address)).toBe(true)
      } finally {
        await f.setRejecting?.(false)
      }
    }, timeout)

    it('behavior: signMessage returns a signed message', async () => {
      const { address } = await connect()
      const signature = await f.adapter.signMessage({ connector: f.connector, address, message: 'Portico conformance' })
      if (f.adapter.namespace === 'eip155') expect(isSignedMessage(signature), `"${signature}" is not a signed message`).toBe(true)
      else expect(typeof signature === 'string' && signature.length > 0).toBe(true)
    }, timeout)

    it('behavior: getBalance returns a numeric string and the native symbol', async () => {
      const { address } = await connect()
      const { balance, symbol } = await f.adapter.getBalance({ address, network: f.network })
      expect(balance).toMatch(/^\d+(\.\d+)?$/)
      expect(symbol).toBe(f.network.nativeCurrency.symbol)
    }, timeout)

    it('behavior: sendTransaction returns a transaction id, or refuses with a Portico error where the adapter cannot send', async () => {
      const { address } = await connect()
      if (!f.transaction) {
        const error = await f.adapter
          .sendTransaction({ connector: f.connector, address, network: f.network, transaction: { to: address, value: 0n } })
          .then((hash) => expect.fail(`sendTransaction returned ${String(hash)} with no transaction in the fixture`), (e: unknown) => e)
        expect(isPorticoError(error), `not a Portico error: ${String((error as Error)?.message ?? error)}`).toBe(true)
        return
      }
      const hash = await f.adapter.sendTransaction({ connector: f.connector, address, network: f.network, transaction: f.transaction })
      if (f.adapter.namespace === 'eip155') expect(isTransactionHash(hash), `"${hash}" is not a transaction hash`).toBe(true)
      else expect(typeof hash === 'string' && hash.length > 0).toBe(true)
    }, timeout)

    it('behavior: switchNetwork to the other network, and the chain event fires', async (ctx) => {
      if (!f.otherNetwork) return ctx.skip()
      await connect()
      const chains: (string | number)[] = []
      const stop = await f.adapter.watch({ connector: f.connector, onChainChanged: (id) => chains.push(id) })
      try {
        await f.adapter.switchNetwork({ connector: f.connector, network: f.otherNetwork })
        await vi.waitFor(() => expect(chains.some((id) => sameChain(id, f.otherNetwork!.id)), `chain events: ${JSON.stringify(chains)}`).toBe(true), events)
        await f.adapter.switchNetwork({ connector: f.connector, network: f.network })
        await vi.waitFor(() => expect(sameChain(chains.at(-1)!, f.network.id)).toBe(true), events)
      } finally {
        stop()
      }
    }, timeout)

    it('behavior: watch returns an unsubscribe that stops events', async (ctx) => {
      if (!f.otherNetwork) return ctx.skip()
      await connect()
      const stopped: unknown[] = []
      const live: unknown[] = []
      const stop = await f.adapter.watch({ connector: f.connector, onChainChanged: (id) => stopped.push(id), onAccountsChanged: (a) => stopped.push(a) })
      expect(typeof stop).toBe('function')
      const stopLive = await f.adapter.watch({ connector: f.connector, onChainChanged: (id) => live.push(id) })
      stop()
      try {
        await f.adapter.switchNetwork({ connector: f.connector, network: f.otherNetwork })
        // once a live subscriber saw the event, the unsubscribed one would have too
        await vi.waitFor(() => expect(live.length).toBeGreaterThan(0), events)
        expect(stopped).toEqual([])
      } finally {
        stopLive()
        await f.adapter.switchNetwork({ connector: f.connector, network: f.network })
      }
    }, timeout)

    it('error: a request the wallet rejects surfaces a Portico error with code USER_REJECTED', async (ctx) => {
      if (!f.setRejecting) return ctx.skip()
      const { address } = await connect()
      await f.setRejecting(true)
      try {
        const error = await f.adapter.signMessage({ connector: f.connector, address, message: 'decline me' }).then(
          () => expect.fail('signMessage resolved although the wallet rejected'),
          (e: unknown) => e,
        )
        expect(isPorticoError(error, 'USER_REJECTED'), `got ${String((error as { code?: unknown })?.code)}: ${String((error as Error)?.message)}`).toBe(true)
      } finally {
        await f.setRejecting(false)
      }
    }, timeout)

    it('behavior: disconnect works (and revokes when the wallet supports it)', async () => {
      await connect()
      await expect(f.adapter.disconnect({ connector: f.connector })).resolves.toBeUndefined()
      if (f.revokesOnDisconnect) expect(await f.adapter.reconnect({ connector: f.connector, network: f.network })).toBeUndefined()
    }, timeout)
  })
}
