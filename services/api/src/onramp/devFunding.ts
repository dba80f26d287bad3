import { parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { localChain } from '../testing/anvil.js'
import { clientsFor, testTokenAbi } from '../testing/erc20.js'
import { SANDBOX_TREASURY_KEY } from './config.js'

/** Test-token units the dev stack gives the sandbox treasury on each chain (its Ether is anvil's 10,000). */
export const TREASURY_TOKEN_GRANT = '1000000'

/**
 * Gives the sandbox treasury the dev stack's test token on each local chain: the TestToken's `mint` is open, so the
 * treasury mints to itself from its own key and no other account's nonces move. Returns the treasury address.
 *
 * @example
 * await fundSandboxTreasury([{ chainId: 31337, rpcUrl, token: ptd.address, decimals: 6 }])
 */
export async function fundSandboxTreasury(
  chains: readonly { chainId: number; rpcUrl: string; token: `0x${string}`; decimals: number }[],
  key: `0x${string}` = SANDBOX_TREASURY_KEY,
): Promise<`0x${string}`> {
  const treasury = privateKeyToAccount(key).address
  await Promise.all(
    chains.map(async (c) => {
      const { wallet, public: client } = clientsFor(c.rpcUrl, localChain(c.chainId, c.rpcUrl), key)
      const hash = await wallet.writeContract({ address: c.token, abi: testTokenAbi, functionName: 'mint', args: [treasury, parseUnits(TREASURY_TOKEN_GRANT, c.decimals)], gas: 100_000n })
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      if (receipt.status !== 'success') throw new Error(`funding the onramp treasury on chain ${c.chainId} failed (${hash})`)
    }),
  )
  return treasury
}
