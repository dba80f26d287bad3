// No zod here: the chain adapters import this, and must not pull the schemas into their bundles.
/**
 * The URL of the hosted RPC endpoint for one chain: `<api>/v1/?chainId=<caip2>&projectId=<id>` (SPEC §7).
 *
 * @example
 * hostedRpcUrl('http://localhost:4310', 'eip155:31337', 'portico-dev')
 * // 'http://localhost:4310/v1/?chainId=eip155%3A31337&projectId=portico-dev'
 */
export function hostedRpcUrl(api: string, caipNetworkId: string, projectId: string): string {
  const query = new URLSearchParams({ chainId: caipNetworkId, projectId })
  return `${api.replace(/\/+$/, '')}/v1/?${query}`
}
