import type { CaipNetworkLike } from '@portico/contracts/plugin'
import { numberToHex } from 'viem'
import { ChainNotConfiguredError, SwitchChainNotSupportedError, rpcCodesOf, toEvmError } from '../errors.js'
import { getEip1193Provider } from '../provider.js'
import { chainIdOf, rpcUrlsOf, type EvmContext, type ParamsOf } from './context.js'

/** Wallet error codes after which switching adds the chain and retries (SPEC §8; also seen in `data.originalError`). */
export const ADD_CHAIN_ERROR_CODES: ReadonlySet<number> = new Set([4902, 5000, -32603])

const unsupportedSwitch = (codes: number[]) => codes.some((c) => c === 4200 || c === -32601 || c === -32004)

/** The `wallet_addEthereumChain` parameters of a network (EIP-3085); CHAIN_NOT_CONFIGURED without an RPC URL. */
export function addChainParameters(ctx: EvmContext, network: CaipNetworkLike) {
  const rpcUrls = rpcUrlsOf(ctx, network)
  if (!rpcUrls.length) throw new ChainNotConfiguredError(network.caipNetworkId, { details: 'no RPC URL to give the wallet' })
  const explorer = network.blockExplorers?.default.url
  const icon = network.assets?.imageUrl
  return {
    chainId: numberToHex(chainIdOf(network)),
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls,
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
    ...(icon && /^https:\/\//.test(icon) ? { iconUrls: [icon] } : {}),
  }
}

function switchError(error: unknown, network: CaipNetworkLike) {
  const codes = rpcCodesOf(error)
  if (unsupportedSwitch(codes)) return new SwitchChainNotSupportedError({ cause: error })
  if (codes.includes(4902)) return new ChainNotConfiguredError(network.caipNetworkId, { cause: error, rpcCode: 4902 })
  return toEvmError(error, 'switchNetwork', 'wallet_switchEthereumChain')
}

/**
 * Moves the wallet to `network` (`wallet_switchEthereumChain`). When the wallet does not know the chain (4902, or
 * the 5000 / -32603 some SDKs answer instead) it is added (`wallet_addEthereumChain`) and the switch retried.
 */
export async function switchNetwork(ctx: EvmContext, { connector, network }: ParamsOf<'switchNetwork'>): Promise<void> {
  const chainId = chainIdOf(network)
  const provider = await getEip1193Provider(connector)
  const switchParams = [{ chainId: numberToHex(chainId) }]
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: switchParams })
  } catch (error) {
    if (!rpcCodesOf(error).some((c) => ADD_CHAIN_ERROR_CODES.has(c))) throw switchError(error, network)
    try {
      await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParameters(ctx, network)] })
    } catch (addError) {
      if (unsupportedSwitch(rpcCodesOf(addError))) throw new ChainNotConfiguredError(network.caipNetworkId, { cause: addError })
      throw toEvmError(addError, 'switchNetwork', 'wallet_addEthereumChain')
    }
    try {
      await provider.request({ method: 'wallet_switchEthereumChain', params: switchParams })
    } catch (retryError) {
      throw switchError(retryError, network)
    }
  }
  ctx.chainIds.set(connector.id, chainId)
}
