/*
 * Which JSON-RPC methods the hosted endpoint forwards, per chain namespace: reads, and the submission of a
 * transaction the client already signed. Everything else is refused before it reaches a chain: wallet methods
 * (eth_sendTransaction, eth_sign…: a dev node would sign them with its own unlocked keys), node administration
 * (admin_*, debug_*, personal_*, miner_*, txpool_*), test-node controls (anvil_*, hardhat_*, evm_*) and faucets.
 */

const EIP155_METHODS = [
  'eth_blobBaseFee',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
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
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_protocolVersion',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_listening',
  'net_peerCount',
  'net_version',
  'web3_clientVersion',
  'web3_sha3',
]

const SOLANA_METHODS = [
  'getAccountInfo',
  'getBalance',
  'getBlock',
  'getBlockCommitment',
  'getBlockHeight',
  'getBlockProduction',
  'getBlockTime',
  'getBlocks',
  'getBlocksWithLimit',
  'getEpochInfo',
  'getEpochSchedule',
  'getFeeForMessage',
  'getFirstAvailableBlock',
  'getGenesisHash',
  'getHealth',
  'getHighestSnapshotSlot',
  'getInflationGovernor',
  'getInflationRate',
  'getInflationReward',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getProgramAccounts',
  'getRecentPerformanceSamples',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getStakeMinimumDelegation',
  'getSupply',
  'getTokenAccountBalance',
  'getTokenAccountsByDelegate',
  'getTokenAccountsByOwner',
  'getTokenLargestAccounts',
  'getTokenSupply',
  'getTransaction',
  'getTransactionCount',
  'getVersion',
  'isBlockhashValid',
  'minimumLedgerSlot',
  'sendTransaction',
  'simulateTransaction',
]

/** Methods the endpoint forwards, by chain namespace; a namespace not listed forwards nothing. */
export const RPC_METHOD_ALLOWLIST: Readonly<Record<string, ReadonlySet<string>>> = {
  eip155: new Set(EIP155_METHODS),
  solana: new Set(SOLANA_METHODS),
}

/**
 * Whether the endpoint forwards `method` to a chain of `namespace`.
 *
 * @example
 * isMethodAllowed('eip155', 'eth_call') // true
 * isMethodAllowed('eip155', 'anvil_setBalance') // false
 */
export function isMethodAllowed(namespace: string, method: string): boolean {
  return RPC_METHOD_ALLOWLIST[namespace]?.has(method) ?? false
}
