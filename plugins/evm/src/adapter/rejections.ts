import { toUserRejection, type EvmAction } from '../errors.js'
import type { EvmContext } from './context.js'

/**
 * Binds a `fn(ctx, params)` method to the adapter's context, so that whatever it throws for a refusal carries code
 * USER_REJECTED at the top level (the kernel knows no wallet's codes): the wallet's 4001 or 5000, also when wrapped
 * (a connector's failing `getProvider`, an RPC error, a `cause` chain), becomes a UserRejectedError worded after
 * `action`, with the original as `cause`. Other errors pass unchanged.
 */
export function bindMethod<P, R>(ctx: EvmContext, action: EvmAction, fn: (ctx: EvmContext, params: P) => Promise<R>): (params: P) => Promise<R> {
  return async (params) => {
    try {
      return await fn(ctx, params)
    } catch (error) {
      throw toUserRejection(error, action)
    }
  }
}
