// The Solana JSON-RPC client against a server that answers what each test tells it to: every answer is checked.
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BalanceAnswerSchema, GenesisHashSchema, SolanaRpcError, solanaRpc } from './rpc.js'

let server: Server
let url: string
let answer: (res: ServerResponse) => void
const hanging = new Set<ServerResponse>()

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    req.on('end', () => answer(res))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const res of hanging) res.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const json = (body: string, status = 200) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(body)
}

describe('solanaRpc', () => {
  it('behavior: returns the validated result, lamports as bigint', async () => {
    answer = json('{"jsonrpc":"2.0","id":1,"result":{"context":{"slot":7},"value":2000000000}}')
    expect((await solanaRpc(url, 1_000)('getBalance', ['x'], BalanceAnswerSchema)).value).toBe(2_000_000_000n)
    // a string keeps a u64 exact (a JSON number past 2^53 would not be)
    answer = json('{"jsonrpc":"2.0","id":1,"result":{"context":{"slot":7},"value":"18446744073709551615"}}')
    expect((await solanaRpc(url, 1_000)('getBalance', ['x'], BalanceAnswerSchema)).value).toBe(18446744073709551615n)
  })

  it('error: an answer that does not match the method\'s schema is refused, never passed on', async () => {
    answer = json('{"jsonrpc":"2.0","id":1,"result":{"context":{"slot":7},"value":"lots"}}')
    await expect(solanaRpc(url, 1_000)('getBalance', ['x'], BalanceAnswerSchema)).rejects.toThrow(/^getBalance: unexpected answer/)
    answer = json('{"jsonrpc":"2.0","id":1,"result":"not base58 0OIl"}')
    await expect(solanaRpc(url, 1_000)('getGenesisHash', [], GenesisHashSchema)).rejects.toBeInstanceOf(SolanaRpcError)
  })

  it('error: JSON-RPC errors, HTTP errors, non-JSON and silence each say what happened', async () => {
    answer = json('{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}')
    await expect(solanaRpc(url, 1_000)('getGenesisHash', [], GenesisHashSchema)).rejects.toThrow('getGenesisHash: Method not found (-32601)')
    answer = json('{}', 503)
    await expect(solanaRpc(url, 1_000)('getGenesisHash', [], GenesisHashSchema)).rejects.toThrow('getGenesisHash: HTTP status code: 503')
    answer = json('<html>')
    await expect(solanaRpc(url, 1_000)('getGenesisHash', [], GenesisHashSchema)).rejects.toThrow('getGenesisHash: the answer is not JSON')
    answer = json('{"result":1}')
    await expect(solanaRpc(url, 1_000)('getGenesisHash', [], GenesisHashSchema)).rejects.toThrow('getGenesisHash: not a JSON-RPC answer')
    answer = (res) => void hanging.add(res)
    await expect(solanaRpc(url, 200)('getGenesisHash', [], GenesisHashSchema)).rejects.toThrow('getGenesisHash: no answer within 200 ms')
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    await expect(solanaRpc(`http://127.0.0.1:${port}`, 1_000)('getGenesisHash', [], GenesisHashSchema)).rejects.toThrow(
      'getGenesisHash: fetch failed (ECONNREFUSED)',
    )
  })
})
