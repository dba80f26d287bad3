import { getAddress, hexToBigInt, isHash } from 'viem'
import { InvalidWalletResponseError, RpcRequestFailedError } from '../errors.js'
import { getEip1193Provider } from '../provider.js'
import { chainIdOf, getClient, type EvmContext, type ParamsOf } from './context.js'
import { toRpcTransaction, walletRequest } from './wallet.js'

/** Sends a transaction through the wallet (`eth_sendTransaction`, carrying the chain id); returns its hash. */
export async function sendTransaction(_ctx: EvmContext, { connector, address, network, transaction }: ParamsOf<'sendTransaction'>): Promise<string> {
  const provider = await getEip1193Provider(connector)
  const hash = await walletRequest(provider, 'sendTransaction', 'eth_sendTransaction', [toRpcTransaction(address, chainIdOf(network), transaction)])
  if (typeof hash !== 'string' || !isHash(hash)) throw new InvalidWalletResponseError('eth_sendTransaction', hash)
  return hash
}

/** Estimates a transaction's gas on the network's RPC (not the wallet). */
export async function estimateGas(ctx: EvmContext, { address, network, transaction }: ParamsOf<'estimateGas'>): Promise<bigint> {
  const client = getClient(ctx, network)
  const { chainId: _chainId, ...request } = toRpcTransaction(getAddress(address), chainIdOf(network), transaction)
  try {
    return hexToBigInt(await client.request({ method: 'eth_estimateGas', params: [request as never] }))
  } catch (error) {
    throw new RpcRequestFailedError(network.name, error)
  }
}

/** How often a sent transaction's receipt is asked for, and how long at most. */
export const RECEIPT_POLL_MS = 1_000
export const RECEIPT_TIMEOUT_MS = 60_000

/** Settles once the network has a receipt for the transaction (mined, successfully or not); polls the RPC. */
export async function waitForTransaction(ctx: EvmContext, { network, hash, timeoutMs = RECEIPT_TIMEOUT_MS }: ParamsOf<'waitForTransaction'>): Promise<void> {
  if (!isHash(hash)) throw new InvalidWalletResponseError('waitForTransaction', hash)
  const client = getClient(ctx, network)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    let receipt: unknown
    try {
      receipt = await client.request({ method: 'eth_getTransactionReceipt', params: [hash] })
    } catch (error) {
      throw new RpcRequestFailedError(network.name, error)
    }
    if (receipt) return
    if (ctx.stop.signal.aborted) throw new RpcRequestFailedError(network.name, new Error('The evm adapter was destroyed.'))
    if (Date.now() + RECEIPT_POLL_MS > deadline) throw new RpcRequestFailedError(network.name, new Error(`No receipt for ${hash} after ${timeoutMs} ms.`))
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS))
  }
}
