import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type Chain, defineChain } from 'viem'
import { freePort } from './ports.js'

/** Path of the anvil binary shipped by @foundry-rs/anvil-linux-amd64. */
export function anvilBinary(): string {
  const require = createRequire(import.meta.url)
  return join(dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil')
}

/** The private keys anvil funds by default (mnemonic "test test … junk"); public knowledge, test use only. */
export const ANVIL_DEV_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
] as const

/** A running anvil. */
export interface AnvilInstance {
  chainId: number
  port: number
  rpcUrl: string
  /** A viem chain object for wallet clients talking to this anvil. */
  chain: Chain
  /** Stops anvil; its state is gone. */
  stop(): Promise<void>
  /** Stops and starts a fresh chain on the same port and chain id (a "reset", as when the dev stack restarts). */
  restart(): Promise<void>
}

/** Options of {@link startAnvil}. */
export interface AnvilOptions {
  chainId?: number
  /** Port to bind (default: a free one). */
  port?: number
  /** Seconds between blocks; by default anvil mines one block per transaction, instantly. */
  blockTime?: number
  /** Extra command-line arguments. */
  args?: string[]
  /** How long to wait for the RPC to answer (default 15 s). */
  readyTimeoutMs?: number
}

/** A viem chain for a local EVM node. */
export function localChain(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: `Local ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
}

async function rpcReady(rpcUrl: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`anvil exited early:\n${output()}`)
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(1_000),
      })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`anvil did not answer on ${rpcUrl} within ${timeoutMs} ms:\n${output()}`)
}

async function launch(options: Required<Pick<AnvilOptions, 'chainId' | 'readyTimeoutMs'>> & AnvilOptions & { port: number }) {
  const args = ['--port', String(options.port), '--host', '127.0.0.1', '--chain-id', String(options.chainId), '--silent']
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime))
  args.push(...(options.args ?? []))
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  // Never leave an anvil behind when the test process ends without calling stop().
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  const rpcUrl = `http://127.0.0.1:${options.port}`
  try {
    await rpcReady(rpcUrl, child, options.readyTimeoutMs, () => output)
  } catch (error) {
    child.kill('SIGKILL')
    process.off('exit', killOnExit)
    throw error
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      process.off('exit', killOnExit)
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const force = setTimeout(() => child.kill('SIGKILL'), 3_000)
      child.once('exit', () => {
        clearTimeout(force)
        resolve()
      })
      child.kill('SIGTERM')
    })
  return { rpcUrl, stop }
}

/**
 * Starts anvil on loopback and waits until its RPC answers. A port picked here can be taken by someone else in
 * between, so a failed start on a picked port is retried on another one.
 */
export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilInstance> {
  const chainId = options.chainId ?? 31337
  const readyTimeoutMs = options.readyTimeoutMs ?? 15_000
  let lastError: unknown
  for (let attempt = 0; attempt < (options.port ? 1 : 3); attempt++) {
    const port = options.port ?? (await freePort())
    try {
      let current = await launch({ ...options, chainId, readyTimeoutMs, port })
      const instance: AnvilInstance = {
        chainId,
        port,
        rpcUrl: current.rpcUrl,
        chain: localChain(chainId, current.rpcUrl),
        stop: () => current.stop(),
        async restart() {
          await current.stop()
          current = await launch({ ...options, chainId, readyTimeoutMs, port })
        },
      }
      return instance
    } catch (error) {
      lastError = error
    }
  }
  throw lastError
}
