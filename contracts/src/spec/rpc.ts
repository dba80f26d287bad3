/**
 * Read-only RPC methods: the embedded wallet answers them without asking the visitor, and rejecting pending
 * requests does not abort them. `eth_sendRawTransaction` is here because the transaction is already signed.
 * `eth_accounts` is here because it only returns addresses the app already sees in the account state.
 */
export const SAFE_RPC_METHODS = [
  'eth_accounts',
  'eth_blobBaseFee',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_estimateUserOperationGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_protocolVersion',
  'eth_sendRawTransaction',
  'eth_supportedEntryPoints',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_listening',
  'net_version',
  'wallet_getAssets',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'web3_clientVersion',
] as const

/** Methods that sign, send or grant something: they need the visitor's approval and are aborted on rejection. */
export const UNSAFE_RPC_METHODS = [
  'eth_sendTransaction',
  'eth_sendUserOperation',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'personal_sign',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'wallet_sendCalls',
] as const

/** A method from {@link SAFE_RPC_METHODS}. */
export type SafeRpcMethod = (typeof SAFE_RPC_METHODS)[number]
/** A method from {@link UNSAFE_RPC_METHODS}. */
export type UnsafeRpcMethod = (typeof UNSAFE_RPC_METHODS)[number]
/** How the embedded wallet treats an RPC method. */
export type RpcMethodKind = 'safe' | 'unsafe' | 'unknown'

const safe: ReadonlySet<string> = new Set(SAFE_RPC_METHODS)
const unsafe: ReadonlySet<string> = new Set(UNSAFE_RPC_METHODS)

/** Classifies an RPC method (case-sensitive): listed safe, listed unsafe, or unknown (which the spec rejects). */
export function classifyRpcMethod(method: unknown): RpcMethodKind {
  if (typeof method !== 'string') return 'unknown'
  if (safe.has(method)) return 'safe'
  if (unsafe.has(method)) return 'unsafe'
  return 'unknown'
}

/** True only for methods on the safe list; unknown methods are not safe (deny by default). */
export function isSafeRpcMethod(method: unknown): method is SafeRpcMethod {
  return classifyRpcMethod(method) === 'safe'
}
