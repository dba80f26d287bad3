import type { CaipNetworkLike, ChainAdapter, Connector, KeyValueStorage } from '@portico/contracts/plugin'
import { polkadotErrors, type PolkadotErrors } from '../errors.js'
import { walletOf, type PolkadotWalletHandle } from '../extension/index.js'
import { englishText, type Translate } from '../messages.js'
import { configuredPolkadotNetworks, type PolkadotNetworkParameters } from '../networks.js'

/** An account offered to the visitor when the wallet has several: its address on the network, and its name. */
export type AccountChoice = { address: string; name?: string | undefined }

/** Asks the visitor which account to connect; resolves with one of the addresses, rejects when they dismiss it. */
export type ChooseAccount = (params: { connector: Connector; accounts: readonly AccountChoice[] }) => Promise<string>

export type PolkadotAdapterParameters = PolkadotNetworkParameters & {
  /** Words the visitor-facing errors; the plugin passes the kernel's `t`. Default: English. */
  t?: Translate
  /** The name extensions show when they ask the visitor to allow the site. Default `Portico`. */
  appName?: string
  /** Asks the visitor to pick an account when a wallet has several; without it the first (or remembered) one is used. */
  chooseAccount?: ChooseAccount
  /** Remembers the chosen account per connector, so a restore picks it again. */
  storage?: Pick<KeyValueStorage, 'getItem' | 'setItem' | 'removeItem'>
}

/** What a connector's session holds: the account in use (its public key) and the network the dapp talks to. */
export type PolkadotSession = { publicKey: `0x${string}`; network: CaipNetworkLike }

/** What the adapter's methods share; every method is a `fn(ctx, params)` function over it. */
export type PolkadotContext = {
  readonly networks: readonly CaipNetworkLike[]
  readonly t: Translate
  readonly errors: PolkadotErrors
  readonly appName: string
  readonly chooseAccount: ChooseAccount | undefined
  readonly storage: PolkadotAdapterParameters['storage']
  /** Sessions by connector id. */
  readonly sessions: Map<string, PolkadotSession>
  /** Chain-event listeners by connector id: extensions do not switch chains, the adapter reports its own switches. */
  readonly chainListeners: Map<string, Set<(chainId: string) => void>>
  /** Account-event listeners by connector id: a switch re-encodes the address for the new network. */
  readonly accountListeners: Map<string, Set<(addresses: string[]) => void>>
  /** Unsubscribe functions of each connector's `watch` calls. */
  readonly watchers: Map<string, Set<() => void>>
}

/** The parameters of a chain adapter method, e.g. `ParamsOf<'connect'>`. */
export type ParamsOf<K extends keyof ChainAdapter> = Parameters<Extract<ChainAdapter[K], (...args: any[]) => unknown>>[0]

/** Builds the shared state; touches no network and no window. */
export function createPolkadotContext(parameters: PolkadotAdapterParameters = {}): PolkadotContext {
  const t = parameters.t ?? englishText
  return {
    networks: configuredPolkadotNetworks(parameters),
    t,
    errors: polkadotErrors(t),
    appName: parameters.appName ?? 'Portico',
    chooseAccount: parameters.chooseAccount,
    storage: parameters.storage,
    sessions: new Map(),
    chainListeners: new Map(),
    accountListeners: new Map(),
    watchers: new Map(),
  }
}

/** The adapter's own definition of a network (its RPC overrides applied); the first one without a network. */
export function networkOf(ctx: PolkadotContext, network: CaipNetworkLike | undefined): CaipNetworkLike {
  const found = network ? ctx.networks.find((n) => n.caipNetworkId === network.caipNetworkId) : ctx.networks[0]
  if (found) return found
  if (network?.chainNamespace === 'polkadot') return network
  throw ctx.errors.noAccount(network?.name ?? 'this network')
}

/** The connector's wallet handle. */
export const handleOf = (ctx: PolkadotContext, connector: Connector): Promise<PolkadotWalletHandle> => walletOf(connector, ctx.errors, ctx.appName)

/** Storage key of the account a connector's visitor chose. */
export const chosenAccountKey = (connectorId: string) => `polkadot/account/${connectorId}`
