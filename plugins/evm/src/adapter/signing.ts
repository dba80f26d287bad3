import { getTypesForEIP712Domain, isHex, serializeTypedData, stringToHex } from 'viem'
import { InvalidWalletResponseError } from '../errors.js'
import { getEip1193Provider } from '../provider.js'
import type { EvmContext, ParamsOf } from './context.js'
import { walletRequest } from './wallet.js'

/** Signs a text message with `personal_sign`; returns the signature. */
export async function signMessage(_ctx: EvmContext, { connector, address, message }: ParamsOf<'signMessage'>): Promise<string> {
  const provider = await getEip1193Provider(connector)
  const signature = await walletRequest(provider, 'signMessage', 'personal_sign', [stringToHex(message), address])
  if (typeof signature !== 'string' || !isHex(signature)) throw new InvalidWalletResponseError('personal_sign', signature)
  return signature
}

/** The JSON `eth_signTypedData_v4` takes: the domain's EIP712Domain type added, bigints as decimal strings. */
function typedDataPayload(typedData: unknown): string {
  if (typeof typedData === 'string') return typedData
  const t = typedData as { domain?: Record<string, unknown>; types?: Record<string, unknown>; primaryType?: string; message?: unknown }
  if (!t || typeof t !== 'object' || !t.types || typeof t.primaryType !== 'string') {
    throw new InvalidWalletResponseError('eth_signTypedData_v4', typedData)
  }
  const domain = t.domain ?? {}
  return serializeTypedData({ ...t, domain, types: { EIP712Domain: getTypesForEIP712Domain({ domain }), ...t.types } } as never)
}

/** Signs EIP-712 typed data (an object, or its JSON) with `eth_signTypedData_v4`; returns the signature. */
export async function signTypedData(_ctx: EvmContext, { connector, address, typedData }: ParamsOf<'signTypedData'>): Promise<string> {
  const provider = await getEip1193Provider(connector)
  const payload = typedDataPayload(typedData)
  const signature = await walletRequest(provider, 'signTypedData', 'eth_signTypedData_v4', [address, payload])
  if (typeof signature !== 'string' || !isHex(signature)) throw new InvalidWalletResponseError('eth_signTypedData_v4', signature)
  return signature
}
