/**
 * `@portico/tests/solana`: a real local Solana chain for development and tests — LiteSVM (the real SVM runtime,
 * in-process) behind the standard JSON-RPC and the subscription websocket subset — plus its fixed identity and
 * funded dev keys. `@portico/tests/solana/keys` is the browser-safe part alone (no node, no native module).
 *
 * @example
 * const chain = await startSolanaChain({ port: 8899, wsPort: 8900 })
 */
export * from './keys.ts'
export { startSolanaChain, type SolanaChain, type StartSolanaChainOptions } from './server.ts'
export { Ledger, BLOCKHASH_VALIDITY, LAMPORTS_PER_SIGNATURE, type StoredTransaction } from './ledger.ts'
export { describeSolanaDevChain, ptdAccountOf, seedDevChain } from './seed.ts'
export { RPC_METHODS, SOLANA_CORE_VERSION } from './rpc.ts'
export { RPC_ERROR } from './errors.ts'
