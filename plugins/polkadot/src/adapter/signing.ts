// the window-free subpath of @polkadot/extension-dapp (its index touches `window` on import)
import { wrapBytes } from '@polkadot/extension-dapp/wrapBytes'
import { stringToU8a, u8aToHex } from '@polkadot/util'
import { publicKeyOf } from './addresses.js'
import { handleOf, type ParamsOf, type PolkadotContext } from './context.js'

/**
 * Signs a text message through the wallet's `signRaw` (type `bytes`): the UTF-8 bytes wrapped in `<Bytes>…</Bytes>`
 * (extension-dapp's `wrapBytes`) as extensions do before signing; wrapping is idempotent, so an extension that wraps
 * again signs the same bytes. Returns the 0x signature, which `signatureVerify(message, signature, address)` accepts.
 */
export async function signMessage(ctx: PolkadotContext, { connector, address, message }: ParamsOf<'signMessage'>): Promise<string> {
  if (!publicKeyOf(address)) throw ctx.errors.invalidAddress(address)
  const wallet = await handleOf(ctx, connector)
  const data = u8aToHex(wrapBytes(stringToU8a(message))) as `0x${string}`
  return wallet.signRaw({ address, data })
}

/** Transfers are not part of this adapter yet: a send on polkadot fails with FEATURE_NOT_SUPPORTED and a clear message. */
export async function sendTransaction(ctx: PolkadotContext, _params: ParamsOf<'sendTransaction'>): Promise<string> {
  throw ctx.errors.sendUnsupported()
}
