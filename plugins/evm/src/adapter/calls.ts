import { numberToHex } from 'viem'
import { InvalidWalletResponseError } from '../errors.js'
import { getEip1193Provider } from '../provider.js'
import { chainIdOf, type EvmContext, type ParamsOf } from './context.js'
import { toRpcTransaction, walletRequest } from './wallet.js'

/** The wallet's EIP-5792 capabilities per chain (`wallet_getCapabilities`). */
export async function getCapabilities(_ctx: EvmContext, { connector, address }: ParamsOf<'getCapabilities'>): Promise<Record<string, unknown>> {
  const provider = await getEip1193Provider(connector)
  const capabilities = await walletRequest(provider, 'getCapabilities', 'wallet_getCapabilities', [address])
  if (typeof capabilities !== 'object' || capabilities === null) throw new InvalidWalletResponseError('wallet_getCapabilities', capabilities)
  return capabilities as Record<string, unknown>
}

/** Sends a batch of calls (EIP-5792 `wallet_sendCalls` v2, not atomic-required); returns the batch id. */
export async function sendCalls(_ctx: EvmContext, { connector, address, network, calls }: ParamsOf<'sendCalls'>): Promise<string> {
  const provider = await getEip1193Provider(connector)
  const chainId = chainIdOf(network)
  const result = await walletRequest(provider, 'sendCalls', 'wallet_sendCalls', [
    {
      version: '2.0.0',
      from: address,
      chainId: numberToHex(chainId),
      atomicRequired: false,
      calls: calls.map((tx) => {
        const { from: _from, chainId: _chainId, ...rpcCall } = toRpcTransaction(address, chainId, tx)
        return rpcCall
      }),
    },
  ])
  // EIP-5792 v2 answers { id }; v1 wallets answered the id itself
  const id = typeof result === 'string' ? result : (result as { id?: unknown } | null)?.id
  if (typeof id !== 'string' || !id) throw new InvalidWalletResponseError('wallet_sendCalls', result)
  return id
}

/** The status of a batch sent with {@link sendCalls} (`wallet_getCallsStatus`), as the wallet reports it. */
export async function getCallsStatus(_ctx: EvmContext, { connector, id }: ParamsOf<'getCallsStatus'>): Promise<unknown> {
  const provider = await getEip1193Provider(connector)
  return walletRequest(provider, 'getCallsStatus', 'wallet_getCallsStatus', [id])
}
