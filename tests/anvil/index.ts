/**
 * A real anvil chain for tests: one per test file, on a free port, stopped in `afterAll`. Reuses the dev stack's
 * process helpers (scripts/lib), so tests and `npm start` run anvil the same way.
 */
import { spawnManaged, waitForPort, type ManagedProcess } from '../../scripts/lib/processes.ts'
import { freePort } from '../../scripts/lib/ports.ts'
import { ANVIL_BIN } from '../../scripts/lib/stack.ts'

export type Anvil = {
  /** JSON-RPC URL, e.g. `http://127.0.0.1:40123`. */
  url: string
  port: number
  chainId: number
  process: ManagedProcess
  stop: () => Promise<void>
}

export type StartAnvilOptions = {
  /** Default 31337. */
  chainId?: number
  /** Default: a free port picked by the OS. */
  port?: number
  /** Extra anvil arguments. */
  args?: string[]
}

/** anvil's first two dev accounts (from its default mnemonic): each holds 10,000 ETH on a fresh chain. */
export const ANVIL_ACCOUNTS = [
  {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
  {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
] as const

export { freePort }

const running = new Set<ManagedProcess>()
let exitHook = false

/**
 * Starts anvil and waits until it accepts connections.
 *
 * @example
 * let chain: Anvil
 * beforeAll(async () => { chain = await startAnvil({ chainId: 31337 }) })
 * afterAll(() => chain.stop())
 */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<Anvil> {
  const chainId = options.chainId ?? 31337
  // a port can be taken between picking and binding: try a few
  for (let attempt = 0; ; attempt++) {
    const port = options.port ?? (await freePort())
    const proc = spawnManaged({
      name: `anvil:${chainId}`,
      command: ANVIL_BIN,
      args: ['--port', String(port), '--chain-id', String(chainId), '--host', '127.0.0.1', '--quiet', ...(options.args ?? [])],
    })
    running.add(proc)
    if (!exitHook) {
      exitHook = true
      // anvil runs in its own process group: if the test worker dies without afterAll, do not leave it running
      process.once('exit', () => {
        for (const p of running) if (p.child.pid) try { process.kill(-p.child.pid, 'SIGKILL') } catch {}
      })
    }
    try {
      await waitForPort(port, proc, 20_000)
    } catch (error) {
      running.delete(proc)
      await proc.stop()
      if (options.port !== undefined || attempt >= 2) throw error
      continue
    }
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      chainId,
      process: proc,
      async stop() {
        running.delete(proc)
        await proc.stop()
      },
    }
  }
}

/** One JSON-RPC call as a {@link RpcRecorder} saw it. */
export type RecordedCall = { method: string; params: unknown; id: unknown }

export type RpcRecorder = {
  url: string
  /** HTTP requests received, each with the calls it carried (a batch carries several). */
  requests: { batch: boolean; calls: RecordedCall[] }[]
  /** Method names of every call, in order. */
  methods: () => string[]
  close: () => Promise<void>
}

/**
 * A real JSON-RPC HTTP server in front of `target` (e.g. an anvil) that records what a client sends: to check
 * batching, ranking pings, or that nothing was sent at all. `answer` may answer a call itself (e.g. with an error)
 * instead of forwarding it.
 */
export async function startRpcRecorder(
  target: string,
  answer?: (call: RecordedCall) => { result?: unknown; error?: { code: number; message: string } } | undefined,
): Promise<RpcRecorder> {
  const { createServer: createHttpServer } = await import('node:http')
  const requests: RpcRecorder['requests'] = []
  const forward = async (call: RecordedCall) => {
    const own = answer?.(call)
    if (own) return { jsonrpc: '2.0', id: call.id, ...own }
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: call.id, method: call.method, params: call.params ?? [] }),
    })
    return response.json()
  }
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString() || 'null')
        const batch = Array.isArray(body)
        const calls: RecordedCall[] = (batch ? body : [body]).map((c: any) => ({ method: c?.method, params: c?.params, id: c?.id }))
        requests.push({ batch, calls })
        const answers = await Promise.all(calls.map(forward))
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify(batch ? answers : answers[0]))
      } catch (error) {
        res.writeHead(502, { 'content-type': 'text/plain' })
        res.end(String(error))
      }
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    methods: () => requests.flatMap((r) => r.calls.map((c) => c.method)),
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections?.()
        server.close(() => ok())
      }),
  }
}
