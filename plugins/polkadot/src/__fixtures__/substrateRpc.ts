// A tiny JSON-RPC server that answers `state_getStorage` for System.Account like a Substrate node does, for tests
// that read balances (no Substrate node is installable here). Test-only: not part of the plugin's build.
import { createServer, type Server } from 'node:http'
import { u8aToHex } from '@polkadot/util'
import { systemAccountKey } from '../adapter/balance.js'

/** The SCALE bytes of an `AccountInfo` holding `free` (nonce 0, one provider, nothing reserved or frozen). */
export function encodeAccountInfo(free: bigint): `0x${string}` {
  const bytes = new Uint8Array(80)
  bytes[8] = 1 // providers
  for (let i = 0, v = free; i < 16; i++, v >>= 8n) bytes[16 + i] = Number(v & 0xffn)
  return u8aToHex(bytes) as `0x${string}`
}

export type SubstrateRpc = { url: string; calls: { method: string; params: unknown }[]; setFree(address: string, free: bigint): void; close(): Promise<void> }

/** Starts the server on a free port; `setFree` decides what an address holds (others hold nothing: `null`). */
export async function startSubstrateRpc(): Promise<SubstrateRpc> {
  const storage = new Map<string, string>()
  const calls: { method: string; params: unknown }[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const request = JSON.parse(body) as { id: number; method: string; params: unknown[] }
      calls.push({ method: request.method, params: request.params })
      const result = request.method === 'state_getStorage' ? (storage.get(String(request.params[0])) ?? null) : null
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
      res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    setFree: (address, free) => void storage.set(systemAccountKey(address), encodeAccountInfo(free)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
