import { RPC_TIMEOUT_MS } from '@portico/contracts/spec'
import { createDefaultRpcTransport, createSolanaRpcFromTransport, type Rpc, type RpcTransport, type SolanaRpcApi } from '@solana/kit'

/** The api's hosted RPC endpoint (SPEC §7), as the plugin hands it to the adapter. */
export type HostedSolanaRpc = { url: (caipNetworkId: string) => string; isListed: (caipNetworkId: string) => Promise<boolean> }

/**
 * JSON-RPC error codes of the hosted endpoint after which the chain's own URL is asked instead: method not served
 * there (-32601) and no upstream answered (-32603). A chain answering these itself is asked again directly, which
 * costs one request and gives the chain's own answer.
 */
const FALL_THROUGH_CODES = new Set([-32601, -32603])

const fallsThrough = (answer: unknown): boolean => {
  // kit's transport parses every integer as a bigint
  const codeOf = (a: unknown) => {
    const code = (a as { error?: { code?: unknown } } | null)?.error?.code
    return typeof code === 'bigint' || typeof code === 'number' ? Number(code) : undefined
  }
  if (Array.isArray(answer)) return answer.length > 0 && answer.every((a) => FALL_THROUGH_CODES.has(codeOf(a)!))
  return FALL_THROUGH_CODES.has(codeOf(answer)!)
}

/**
 * A `@solana/kit` RPC for one network: through the api's hosted endpoint when the api lists the chain (asked once,
 * on the first call), with the chain's own URL as the fallback when the endpoint fails (network error, HTTP error,
 * no answer within the RPC timeout) or answers that it cannot serve the call. Without `hosted`, the own URL only.
 *
 * @example
 * const rpc = createHostedSolanaRpc('http://127.0.0.1:8899', 'solana:2HpdrUj58LmkytJebbafrZb2ousvaTgP', hosted)
 * await rpc.getBalance(address).send()
 */
export function createHostedSolanaRpc(ownUrl: string, caipNetworkId: string, hosted: HostedSolanaRpc | undefined, timeoutMs = RPC_TIMEOUT_MS): Rpc<SolanaRpcApi> {
  const own = createDefaultRpcTransport({ url: ownUrl })
  if (!hosted) return createSolanaRpcFromTransport(own)
  const viaApi = createDefaultRpcTransport({ url: hosted.url(caipNetworkId) })
  let listed: Promise<boolean> | undefined
  const transport = (async (config) => {
    listed ??= hosted.isListed(caipNetworkId).catch(() => false)
    if (await listed) {
      const timeout = AbortSignal.timeout(timeoutMs)
      const signal = config.signal ? AbortSignal.any([config.signal, timeout]) : timeout
      try {
        const answer = await viaApi({ ...config, signal })
        if (!fallsThrough(answer)) return answer
      } catch (error) {
        if (config.signal?.aborted) throw error
      }
    }
    return own(config)
  }) as RpcTransport
  return createSolanaRpcFromTransport(transport)
}
