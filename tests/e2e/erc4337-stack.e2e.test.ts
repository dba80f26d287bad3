/**
 * ERC-4337 on the e2e stack, from Node (no browser): both anvil chains have the EntryPoint v0.7 at its canonical
 * address, the SimpleAccount1271Factory and the VerifyingPaymaster (scripts/lib/erc4337.ts); each chain's bundler (alto)
 * lists the EntryPoint; a fresh SimpleAccount (permissionless, a random owner key) sends ETH as a user operation
 * through the bundler with the api's paymaster (ERC-7677, `POST /v1/paymaster/{chainId}`) paying the gas: the account
 * is deployed by that operation and ends with nothing, having held exactly the amount it sent, and answers ERC-1271
 * for its owner's signatures. A user operation with
 * a bad signature is refused with the EntryPoint's reason, and the paymaster refuses bad params with JSON-RPC errors.
 * Each test uses fresh keys, so no other e2e file's balances or nonces move.
 */
import { createSmartAccountClient } from 'permissionless'
import { toSimpleSmartAccount } from 'permissionless/accounts'
import { createPimlicoClient } from 'permissionless/clients/pimlico'
import { type Address, type Hex, createPublicClient, defineChain, encodeAbiParameters, http, keccak256, numberToHex, parseEther, stringToHex, toHex } from 'viem'
import { createBundlerClient, createPaymasterClient, entryPoint07Address, getUserOperationHash } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { ENTRY_POINT_ADDRESS, paymasterSignerFromEnv, smartAccountChains } from '../../scripts/lib/erc4337.ts'
import { erc4337Addresses } from '../../services/api/src/paymaster/contracts.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
const addresses = erc4337Addresses(paymasterSignerFromEnv())

const CHAINS = [
  { chainId: 31337, rpcUrl: stack.urls.anvil, bundlerUrl: stack.urls.bundler },
  { chainId: 31338, rpcUrl: stack.urls.anvil2, bundlerUrl: stack.urls.bundler2 },
] as const

const rpc = async (url: string, method: string, params: unknown[]) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return { status: res.status, body: (await res.json()) as { result?: unknown; error?: { code: number; message: string } } }
}

/** A fresh SimpleAccount on `chain` with the stack's bundler and paymaster, as a wallet would set it up. */
async function smartAccount(chain: (typeof CHAINS)[number]) {
  const viemChain = defineChain({ id: chain.chainId, name: `Local ${chain.chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } })
  const client = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) })
  const setup = smartAccountChains(stack.ports, stack.urls)[String(chain.chainId)]!
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await toSimpleSmartAccount({ client, owner, factoryAddress: setup.factoryAddress, entryPoint: { address: setup.entryPoint, version: '0.7' } })
  const pimlico = createPimlicoClient({ transport: http(chain.bundlerUrl), entryPoint: { address: setup.entryPoint, version: '0.7' } })
  const wallet = createSmartAccountClient({
    account,
    chain: viemChain,
    bundlerTransport: http(chain.bundlerUrl),
    paymaster: createPaymasterClient({ transport: http(setup.paymasterUrl) }),
    userOperation: { estimateFeesPerGas: async () => (await pimlico.getUserOperationGasPrice()).fast },
  })
  return { client, account, wallet, owner, setup }
}

describe('ERC-4337 on the stack', () => {
  it('behavior: the EntryPoint, the factory and the paymaster have code on both chains; the paymaster holds a deposit', async () => {
    expect(addresses.entryPoint).toBe('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
    for (const chain of CHAINS) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      for (const [name, address] of Object.entries(addresses)) expect(((await client.getCode({ address })) ?? '0x').length, `${name} on ${chain.chainId}`).toBeGreaterThan(2)
      const deposit = await client.readContract({
        address: addresses.entryPoint,
        abi: [{ type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ type: 'address' }], outputs: [{ type: 'uint256' }] }],
        functionName: 'balanceOf',
        args: [addresses.paymaster],
      })
      expect(deposit).toBeGreaterThan(parseEther('100'))
    }
  })

  it('behavior: both bundlers answer eth_supportedEntryPoints with the EntryPoint and the right chain id', async () => {
    for (const chain of CHAINS) {
      const entryPoints = await rpc(chain.bundlerUrl, 'eth_supportedEntryPoints', [])
      expect((entryPoints.body.result as string[]).map((a) => a.toLowerCase())).toContain(ENTRY_POINT_ADDRESS.toLowerCase())
      expect((await rpc(chain.bundlerUrl, 'eth_chainId', [])).body.result).toBe(numberToHex(chain.chainId))
    }
  })

  it('behavior: the frame gets every chain\'s bundler, paymaster, factory and EntryPoint', () => {
    expect(smartAccountChains(stack.ports, stack.urls)).toEqual({
      '31337': { bundlerUrl: `http://127.0.0.1:${stack.ports.bundler}`, paymasterUrl: `${stack.urls.api}/v1/paymaster/31337`, factoryAddress: addresses.factory, entryPoint: entryPoint07Address },
      '31338': { bundlerUrl: `http://127.0.0.1:${stack.ports.bundler2}`, paymasterUrl: `${stack.urls.api}/v1/paymaster/31338`, factoryAddress: addresses.factory, entryPoint: entryPoint07Address },
    })
  })

  it.each(CHAINS)('behavior: a fresh smart account sends ETH through the bundler on chain $chainId, the paymaster paying the gas', async (chain) => {
    const { client, account, wallet, owner } = await smartAccount(chain)
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const amount = parseEther('0.0123')
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    // exactly what it sends: it could not pay any gas itself
    await client.request({ method: 'anvil_setBalance' as never, params: [account.address, toHex(amount)] as never })

    const hash = await wallet.sendTransaction({ to: receiver, value: amount })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 100 })
    expect(receipt.status).toBe('success')

    expect(((await client.getCode({ address: account.address })) ?? '0x').length).toBeGreaterThan(2)
    expect(await client.getBalance({ address: receiver })).toBe(amount)
    expect(await client.getBalance({ address: account.address })).toBe(0n)
    // the factory's account answers ERC-1271: its owner's signature of the replay-safe hash is valid, another key's not
    const isValidSignature = [
      { type: 'function', name: 'isValidSignature', stateMutability: 'view', inputs: [{ type: 'bytes32' }, { type: 'bytes' }], outputs: [{ type: 'bytes4' }] },
    ] as const
    const digest = keccak256(stringToHex('portico'))
    const safe = keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'address' }, { type: 'uint256' }], [digest, account.address, BigInt(chain.chainId)]))
    const check = async (signer: { signMessage(a: { message: { raw: Hex } }): Promise<Hex> }) =>
      client.readContract({ address: account.address, abi: isValidSignature, functionName: 'isValidSignature', args: [digest, await signer.signMessage({ message: { raw: safe } })] })
    expect(await check(owner)).toBe('0x1626ba7e')
    expect(await check(privateKeyToAccount(generatePrivateKey()))).toBe('0xffffffff')
  })

  it('error: a user operation with a bad signature is refused by the EntryPoint with a clear reason', async () => {
    const chain = CHAINS[0]
    const { wallet, account, setup } = await smartAccount(chain)
    const bundler = createBundlerClient({ transport: http(chain.bundlerUrl) })
    const op = await wallet.prepareUserOperation({ calls: [{ to: privateKeyToAccount(generatePrivateKey()).address, value: 0n }] })
    // signed by a key that does not own the account
    const hash = getUserOperationHash({ userOperation: { ...op, sender: account.address }, entryPointAddress: setup.entryPoint, entryPointVersion: '0.7', chainId: chain.chainId })
    const signature: Hex = await privateKeyToAccount(generatePrivateKey()).signMessage({ message: { raw: hash } })
    const sent = bundler.sendUserOperation({ ...op, signature, entryPointAddress: setup.entryPoint } as never)
    await expect(sent).rejects.toThrow(/AA24 signature error/)
  })

  it('error: the paymaster refuses bad params, another EntryPoint and an unknown chain with JSON-RPC errors', async () => {
    const sender: Address = privateKeyToAccount(generatePrivateKey()).address
    const op = { sender, nonce: '0x0', callData: '0x', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1', signature: '0x' }
    const url = (chainId: number | string) => `${stack.urls.api}/v1/paymaster/${chainId}`
    const bad = await rpc(url(31337), 'pm_getPaymasterStubData', [{ ...op, sender: 'me' }, ENTRY_POINT_ADDRESS, '0x7a69', {}])
    expect(bad.status).toBe(200)
    expect(bad.body.error).toMatchObject({ code: -32602, message: 'Invalid params: userOperation.sender: expected a 20-byte 0x-prefixed address.' })
    const v06 = await rpc(url(31337), 'pm_getPaymasterStubData', [op, '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789', '0x7a69', {}])
    expect(v06.body.error?.message).toMatch(/^Unsupported EntryPoint 0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789/)
    const unknown = await rpc(url(1), 'pm_getPaymasterStubData', [op, ENTRY_POINT_ADDRESS, '0x1', {}])
    expect(unknown.body.error).toMatchObject({ code: -32602, message: 'Unknown chain "1": this paymaster sponsors on chains 31337, 31338.' })
    // and a good stub call on the second chain names the deployed paymaster
    const stub = await rpc(url(31338), 'pm_getPaymasterStubData', [op, ENTRY_POINT_ADDRESS, '0x7a6a', {}])
    expect(stub.body.result).toMatchObject({ paymaster: addresses.paymaster, isFinal: false })
  })
})
