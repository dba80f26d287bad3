import { numberToHex } from 'viem'
import { getEip1193Provider } from '../provider.js'
import { parseChainId } from './chainId.js'
import type { EvmContext, ParamsOf } from './context.js'
import { walletRequest } from './wallet.js'

/** Any EIP-1193 request to the connector's wallet; `eth_chainId` is answered from the stored value (SPEC §7). */
export async function request(ctx: EvmContext, { connector, method, params }: ParamsOf<'request'>): Promise<unknown> {
  if (method === 'eth_chainId') {
    const stored = ctx.chainIds.get(connector.id)
    if (stored !== undefined) return numberToHex(stored)
  }
  const provider = await getEip1193Provider(connector)
  const result = await walletRequest(provider, 'request', method, params)
  if (method === 'eth_chainId') ctx.chainIds.set(connector.id, parseChainId(result))
  return result
}
