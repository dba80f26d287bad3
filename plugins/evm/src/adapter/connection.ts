import type { AdapterConnection, Connector } from '@portico/contracts/plugin'
import { InvalidWalletResponseError, type EvmAction } from '../errors.js'
import { getEip1193Provider } from '../provider.js'
import { parseChainId } from './chainId.js'
import type { EvmContext, ParamsOf } from './context.js'
import { parseAccounts, walletRequest } from './wallet.js'
import { stopWatching } from './watch.js'

/** What connecting yields, with the chain id always a decimal number (wallets report hex). */
export type EvmConnection = AdapterConnection & { chainId: number }

/** The wallet's accounts then chain; undefined when it authorises no account. Stores the chain id. */
async function session(
  ctx: EvmContext,
  connector: Connector,
  action: EvmAction,
  accountsMethod: 'eth_requestAccounts' | 'eth_accounts',
): Promise<EvmConnection | undefined> {
  const provider = await getEip1193Provider(connector)
  const accounts = parseAccounts(accountsMethod, await walletRequest(provider, action, accountsMethod))
  if (accounts.length === 0) return undefined
  const chainId = parseChainId(await walletRequest(provider, action, 'eth_chainId'))
  ctx.chainIds.set(connector.id, chainId)
  return { address: accounts[0]!, accounts, chainId }
}

/** Asks the wallet for accounts (it may prompt); `chainId` is always a decimal number. */
export async function connect(ctx: EvmContext, { connector }: ParamsOf<'connect'>): Promise<EvmConnection> {
  const connection = await session(ctx, connector, 'connect', 'eth_requestAccounts')
  if (!connection) throw new InvalidWalletResponseError('eth_requestAccounts', [])
  return connection
}

/** Restores a session without prompting (`eth_accounts`); undefined when the wallet no longer authorises us. */
export async function reconnect(ctx: EvmContext, { connector }: ParamsOf<'reconnect'>): Promise<EvmConnection | undefined> {
  return session(ctx, connector, 'reconnect', 'eth_accounts')
}

/** Forgets the connector's session and asks the wallet to revoke its permission (EIP-2255) where it can. */
export async function disconnect(ctx: EvmContext, { connector }: ParamsOf<'disconnect'>): Promise<void> {
  // our own subscriptions first, so the wallet's accountsChanged([]) after revoking is not taken for a new event
  stopWatching(ctx, connector.id)
  ctx.chainIds.delete(connector.id)
  const provider = await getEip1193Provider(connector)
  try {
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
  } catch {
    // wallets without EIP-2255 revocation: forgetting the session locally is all there is
  }
}
