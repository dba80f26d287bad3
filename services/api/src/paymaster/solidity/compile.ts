/**
 * Compiles PorticoAccount.sol (SimpleAccount v0.7 with ERC-1271, and its factory) with the pinned `solc` and the
 * OpenZeppelin and `@account-abstraction/contracts` sources from node_modules (resolved from this file, never by an
 * absolute path). Run it after changing the source; it rewrites SimpleAccount1271Factory.json beside it, which is
 * committed so that the stack deploys without a compiler (compile.test.ts checks they never drift):
 * `npx tsx services/api/src/paymaster/solidity/compile.ts` (about 20 s: the optimizer runs 1,000,000 times).
 *
 * Dev and test use only: the api's server never imports this file.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Hex } from 'viem'

/** The Solidity source, beside this file. */
const HERE = dirname(fileURLToPath(import.meta.url)) // not `new URL(…, import.meta.url)`: jsdom's URL is not Node's
export const PORTICO_ACCOUNT_SOURCE = join(HERE, 'PorticoAccount.sol')
/** The committed artifact of the factory ({abi, bytecode, solc}), beside this file. */
export const SIMPLE_ACCOUNT_1271_FACTORY_ARTIFACT = join(HERE, 'SimpleAccount1271Factory.json')

/** What the committed artifact holds: the factory's ABI and creation bytecode, and the compiler that made them. */
export type CompiledFactory = { abi: readonly unknown[]; bytecode: Hex; solc: string }

/** Compiler settings: they are part of the bytecode, so they change only together with the artifact. */
const SETTINGS = {
  optimizer: { enabled: true, runs: 1_000_000 },
  evmVersion: 'cancun',
  outputSelection: { 'PorticoAccount.sol': { SimpleAccount1271Factory: ['abi', 'evm.bytecode.object'] } },
} as const

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}

/**
 * Compiles the source with solc and returns the factory's ABI and bytecode; throws with solc's messages when it
 * does not compile.
 *
 * @example
 * const { bytecode } = await compilePorticoAccount() // '0x6080…'
 */
export async function compilePorticoAccount(): Promise<CompiledFactory> {
  const require = createRequire(import.meta.url)
  // solc's wrapper loads the 8 MB emscripten compiler on import: only when a compile runs
  const solc = (await import('solc')).default
  const findImports = (path: string) => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') }
    } catch {
      return { error: `${path} not found in node_modules (is @account-abstraction/contracts installed?)` }
    }
  }
  const input = { language: 'Solidity', sources: { 'PorticoAccount.sol': { content: readFileSync(PORTICO_ACCOUNT_SOURCE, 'utf8') } }, settings: SETTINGS }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }) as string) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(`PorticoAccount.sol does not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  const factory = output.contracts?.['PorticoAccount.sol']?.SimpleAccount1271Factory
  if (!factory) throw new Error('solc returned no SimpleAccount1271Factory for PorticoAccount.sol')
  return { abi: factory.abi, bytecode: `0x${factory.evm.bytecode.object}`, solc: String(solc.version()) }
}

/**
 * The committed artifact, read from disk.
 *
 * @example
 * const { abi, bytecode } = readPorticoAccountArtifact()
 */
export function readPorticoAccountArtifact(): CompiledFactory {
  return JSON.parse(readFileSync(SIMPLE_ACCOUNT_1271_FACTORY_ARTIFACT, 'utf8')) as CompiledFactory
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const compiled = await compilePorticoAccount()
  writeFileSync(SIMPLE_ACCOUNT_1271_FACTORY_ARTIFACT, `${JSON.stringify(compiled, null, 2)}\n`)
  console.log(`wrote ${SIMPLE_ACCOUNT_1271_FACTORY_ARTIFACT} (${(compiled.bytecode.length - 2) / 2} bytes of init code, solc ${compiled.solc})`)
}
