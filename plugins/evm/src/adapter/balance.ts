import { formatUnits, getAddress, hexToBigInt, isAddress } from 'viem'
import { InvalidWalletResponseError, RpcRequestFailedError } from '../errors.js'
import { getClient, type EvmContext, type ParamsOf } from './context.js'

/** The native balance of an address on a network's RPC, formatted in the currency's unit. */
export async function getBalance(ctx: EvmContext, { address, network }: ParamsOf<'getBalance'>): Promise<{ balance: string; symbol: string }> {
  if (!isAddress(address, { strict: false })) throw new InvalidWalletResponseError('getBalance', address)
  const client = getClient(ctx, network)
  try {
    const wei = hexToBigInt(await client.request({ method: 'eth_getBalance', params: [getAddress(address), 'latest'] }))
    return { balance: formatUnits(wei, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
  } catch (error) {
    throw new RpcRequestFailedError(network.name, error)
  }
}
