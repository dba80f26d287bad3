/**
 * The dev stack's ERC-4337: once the anvil chains are up, `npm start` and the e2e stack deploy the EntryPoint v0.7
 * (at its canonical address), a SimpleAccount1271Factory (SimpleAccountFactory v0.7's interface, deploying a
 * SimpleAccount with ERC-1271: services/api/src/paymaster/solidity/PorticoAccount.sol) and a VerifyingPaymaster to each
 * chain through anvil's CREATE2 deployer (services/api/src/paymaster/contracts.ts), fund the paymaster's deposit, and
 * start a real bundler
 * (`@pimlico/alto`) per chain. The api's `POST /v1/paymaster/{chainId}` (ERC-7677) signs sponsorships for that
 * paymaster, so a fresh smart account can act before it holds ETH. The frame gets the whole setup as
 * PORTICO_SMART_ACCOUNT_CHAINS ({@link smartAccountChains}).
 *
 * Keys: the deploys and the deposit are sent from anvil's fifth dev key, the bundlers' executor is anvil's seventh;
 * no wallet, token holder or other deploy of the stack or the e2e suite uses either, so no test's nonces move.
 */
import { join } from 'node:path'
import type { Address, Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { ANVIL_DEV_KEYS } from '../../services/api/src/testing/anvil.ts'
import { DEV_ONLY_PAYMASTER_SIGNER_KEY, ENTRY_POINT_V07 } from '../../services/api/src/paymaster/config.ts'
import { type DeployedErc4337, deployErc4337Contracts, erc4337Addresses } from '../../services/api/src/paymaster/contracts.ts'
import { spawnManaged, type ManagedProcess } from './processes.ts'
import { CHAIN_IDS, type Ports, type StackUrls } from './ports.ts'
import { ROOT } from './workspace.ts'

/** Sends the deploys and funds the paymaster's deposit (anvil's fifth dev account, `0x15d3…6A65`); also alto's utility key. */
export const ERC4337_DEPLOYER_KEY: Hex = ANVIL_DEV_KEYS[4]
/** The bundlers' executor: it sends `handleOps` and is refunded by the EntryPoint (anvil's seventh, `0x976E…0aa9`). */
export const BUNDLER_EXECUTOR_KEY: Hex = ANVIL_DEV_KEYS[6]

/** The EntryPoint v0.7, at its canonical address on every chain. */
export const ENTRY_POINT_ADDRESS: Address = ENTRY_POINT_V07
/** The paymaster's verifying signer on the dev stack (the api's dev-only default; PORTICO_PAYMASTER_SIGNER_KEY overrides both). */
export const DEV_PAYMASTER_SIGNER: Address = privateKeyToAddress(DEV_ONLY_PAYMASTER_SIGNER_KEY)
const devAddresses = erc4337Addresses(DEV_PAYMASTER_SIGNER)
/**
 * The smart-account factory, SimpleAccount1271Factory (constructor argument: the EntryPoint), the same on every fresh
 * chain: its accounts are SimpleAccount v0.7 plus ERC-1271, so their signatures verify with viem's verifyMessage.
 */
export const SIMPLE_ACCOUNT_1271_FACTORY_ADDRESS: Address = devAddresses.factory
/** The VerifyingPaymaster trusting {@link DEV_PAYMASTER_SIGNER}, the same on every fresh chain. */
export const VERIFYING_PAYMASTER_ADDRESS: Address = devAddresses.paymaster

/** alto's command line entry (`@pimlico/alto` 0.0.20). */
export const ALTO_BIN = join(ROOT, 'node_modules/@pimlico/alto/esm/cli/alto.js')

/** The paymaster signer the stack deploys for: PORTICO_PAYMASTER_SIGNER_KEY's address, else the dev-only default. */
export function paymasterSignerFromEnv(env: NodeJS.ProcessEnv = process.env): Address {
  const key = env.PORTICO_PAYMASTER_SIGNER_KEY
  if (!key) return DEV_PAYMASTER_SIGNER
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new Error('PORTICO_PAYMASTER_SIGNER_KEY: expected 0x followed by 64 hex characters')
  return privateKeyToAddress(key as Hex)
}

/**
 * Deploys the EntryPoint v0.7, the SimpleAccount1271Factory and the VerifyingPaymaster to the anvil chain at `rpcUrl`
 * and funds the paymaster's deposit (1,000 ETH); idempotent (what has code is skipped).
 *
 * @example
 * const { entryPoint, factory, paymaster } = await deployErc4337('http://127.0.0.1:8545')
 */
export function deployErc4337(rpcUrl: string, paymasterSigner: Address = paymasterSignerFromEnv()): Promise<DeployedErc4337> {
  return deployErc4337Contracts({ rpcUrl, deployerKey: ERC4337_DEPLOYER_KEY, paymasterSigner })
}

/** One chain's smart-account setup, as the frame reads it from PORTICO_SMART_ACCOUNT_CHAINS. */
export type SmartAccountChain = { bundlerUrl: string; paymasterUrl: string; factoryAddress: Address; entryPoint: Address }

/**
 * PORTICO_SMART_ACCOUNT_CHAINS for a stack on `ports`: per chain id its bundler, the api's paymaster endpoint, the
 * factory and the EntryPoint.
 *
 * @example
 * JSON.stringify(smartAccountChains(ports, urls)) // {"31337":{"bundlerUrl":"http://127.0.0.1:4337",…},"31338":{…}}
 */
export function smartAccountChains(ports: Ports, urls: Pick<StackUrls, 'api'>, factoryAddress: Address = SIMPLE_ACCOUNT_1271_FACTORY_ADDRESS): Record<string, SmartAccountChain> {
  const chain = (bundlerPort: number, chainId: number): SmartAccountChain => ({
    bundlerUrl: `http://127.0.0.1:${bundlerPort}`,
    paymasterUrl: `${urls.api}/v1/paymaster/${chainId}`,
    factoryAddress,
    entryPoint: ENTRY_POINT_ADDRESS,
  })
  return { [CHAIN_IDS.anvil]: chain(ports.bundler, CHAIN_IDS.anvil), [CHAIN_IDS.anvil2]: chain(ports.bundler2, CHAIN_IDS.anvil2) }
}

/**
 * Starts alto for the chain at `rpcUrl` on `port` (it always binds 0.0.0.0): EntryPoint v0.7, safe mode off (anvil
 * has no debug_traceCall tracer alto accepts), CORS on (the login frame calls it from the browser), warnings only.
 *
 * @example
 * const bundler = startBundler({ rpcUrl: 'http://127.0.0.1:8545', port: 4337, name: 'bundler' })
 */
export function startBundler(options: { rpcUrl: string; port: number; name: string; echo?: boolean }): ManagedProcess {
  return spawnManaged({
    name: options.name,
    command: process.execPath,
    args: [
      ALTO_BIN,
      '--entrypoints', ENTRY_POINT_ADDRESS,
      '--executor-private-keys', BUNDLER_EXECUTOR_KEY,
      '--utility-private-key', ERC4337_DEPLOYER_KEY,
      '--rpc-url', options.rpcUrl,
      '--port', String(options.port),
      '--safe-mode', 'false',
      '--enable-cors', 'true',
      '--block-time', '100',
      '--log-level', 'warn',
    ],
    echo: options.echo,
  })
}

/**
 * Waits until the bundler on `url` answers `eth_supportedEntryPoints` with the EntryPoint; fails early when its
 * process exits, or after `timeoutMs`.
 */
export async function waitForBundler(url: string, proc?: ManagedProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let exited = false
  void proc?.exited.then(() => (exited = true))
  let last = ''
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${proc!.name} exited before it answered on ${url}:\n${proc!.output.slice(-20).join('\n')}`)
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
      })
      const body = (await res.json()) as { result?: string[] }
      if (body.result?.some((a) => a.toLowerCase() === ENTRY_POINT_ADDRESS.toLowerCase())) return
      last = JSON.stringify(body)
    } catch (error) {
      last = String(error)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${proc?.name ?? 'bundler'} on ${url} did not list the EntryPoint within ${timeoutMs} ms (last answer: ${last})${proc ? `:\n${proc.output.slice(-20).join('\n')}` : ''}`)
}

/** Lines for the startup banner: the contracts and the bundlers. */
export function describeErc4337(deployed: readonly DeployedErc4337[], bundlers: readonly { chainId: number; url: string }[], apiUrl: string): string[] {
  const first = deployed[0]
  if (!first) return []
  return [
    `  ERC-4337 v0.7 on chains ${deployed.map((d) => d.chainId).join(', ')}: EntryPoint ${first.entryPoint}, SimpleAccount1271Factory ${first.factory}, VerifyingPaymaster ${first.paymaster} (signer ${first.paymasterSigner})`,
    `    bundlers (alto) ${bundlers.map((b) => `${b.chainId} ${b.url}`).join(', ')}; paymaster (ERC-7677) ${apiUrl}/v1/paymaster/<chainId>`,
  ]
}
