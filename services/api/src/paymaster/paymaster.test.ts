import {
  type Address,
  type Hex,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  hashMessage,
  hexToBigInt,
  http,
  keccak256,
  numberToHex,
  serializeErc6492Signature,
  sliceHex,
} from 'viem'
import { type UserOperation as ViemUserOperation, toPackedUserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../config.js'
import { openDatabase } from '../db/index.js'
import { optionsFromEnv, unknownEnvWarnings } from '../env.js'
import { createApiServer, type ApiServer } from '../server.js'
import { ANVIL_DEV_KEYS, type AnvilInstance, type TestApi, startAnvil, startTestApi, testBackends } from '../testing/index.js'
import { DEV_ONLY_PAYMASTER_SIGNER_KEY, ENTRY_POINT_V07 } from './config.js'
import { type DeployedErc4337, deployErc4337Contracts, erc4337Addresses, erc4337Artifact } from './contracts.js'
import { PAYMASTER_ERRORS } from './service.js'
import { readPorticoAccountArtifact } from './solidity/compile.js'
import { paymasterHash } from './userOperation.js'

const pglite = testBackends().find((b) => b.name === 'pglite')!
const SIGNER_KEY = generatePrivateKey()
const SIGNER = privateKeyToAddress(SIGNER_KEY)
const HOUR = 3_600_000

type Answer = { jsonrpc: '2.0'; id: unknown; result?: Record<string, unknown>; error?: { code: number; message: string; data?: { retryAfter?: number } } }

/** An unsigned operation as a wallet has it before `pm_getPaymasterData`, in JSON-RPC form. */
function rpcOperation(sender: Address, extra: Record<string, string> = {}) {
  return {
    sender,
    nonce: '0x0',
    factory: '0x9406Cc6185a346906296840746125a0E44976454',
    factoryData: '0x5fbfb9cf000000000000000000000000',
    callData: '0xb61d27f6',
    callGasLimit: '0x11170',
    verificationGasLimit: '0x5b8d80',
    preVerificationGas: '0xc350',
    maxFeePerGas: '0x77359400',
    maxPriorityFeePerGas: '0x3b9aca00',
    paymasterVerificationGasLimit: '0x186a0',
    paymasterPostOpGasLimit: '0x0',
    signature: '0x',
    ...extra,
  }
}

/** The same operation as viem's type, with the paymaster fields filled from an answer. */
function viemOperation(op: ReturnType<typeof rpcOperation>, answer: { paymaster: Address; paymasterData: Hex }): ViemUserOperation<'0.7'> {
  return {
    sender: op.sender,
    nonce: hexToBigInt(op.nonce as Hex),
    factory: op.factory as Address,
    factoryData: op.factoryData as Hex,
    callData: op.callData as Hex,
    callGasLimit: hexToBigInt(op.callGasLimit as Hex),
    verificationGasLimit: hexToBigInt(op.verificationGasLimit as Hex),
    preVerificationGas: hexToBigInt(op.preVerificationGas as Hex),
    maxFeePerGas: hexToBigInt(op.maxFeePerGas as Hex),
    maxPriorityFeePerGas: hexToBigInt(op.maxPriorityFeePerGas as Hex),
    paymaster: answer.paymaster,
    paymasterVerificationGasLimit: hexToBigInt(op.paymasterVerificationGasLimit as Hex),
    paymasterPostOpGasLimit: hexToBigInt(op.paymasterPostOpGasLimit as Hex),
    paymasterData: answer.paymasterData,
    signature: op.signature as Hex,
  }
}

describe('paymaster (ERC-7677) on the api, against a real VerifyingPaymaster', () => {
  let anvil: AnvilInstance
  let deployed: DeployedErc4337
  let api: TestApi
  let clock = Date.parse('2026-03-01T10:00:00Z')
  const paymasterAbi = () => erc4337Artifact('VerifyingPaymaster').abi
  const chainHex = () => numberToHex(anvil.chainId)

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    deployed = await deployErc4337Contracts({ rpcUrl: anvil.rpcUrl, deployerKey: ANVIL_DEV_KEYS[0], paymasterSigner: SIGNER })
    api = await startTestApi(pglite, {
      chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
      indexer: { enabled: false },
      paymaster: { address: deployed.paymaster, signerKey: SIGNER_KEY, sponsorshipsPerSenderPerHour: 3, now: () => new Date(clock) },
    })
  })
  afterAll(async () => {
    await api?.close()
    await anvil?.stop()
  })

  const post = async (path: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) => {
    const res = await api.client.request(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) })
    return { status: res.status, body: res.body as Answer }
  }
  const call = async (method: string, params: unknown[], chain: string | number = anvil.chainId) =>
    (await post(`/v1/paymaster/${chain}`, { jsonrpc: '2.0', id: 7, method, params })).body
  /** Runs the contract's own validation as the EntryPoint would: 0 accepted, 1 signature failure (low 160 bits). */
  const validate = async (op: ViemUserOperation<'0.7'>) => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const { result } = await client.simulateContract({
      account: ENTRY_POINT_V07,
      address: deployed.paymaster,
      abi: paymasterAbi(),
      functionName: 'validatePaymasterUserOp',
      args: [toPackedUserOperation(op), `0x${'00'.repeat(32)}`, 0n],
    })
    const [, validationData] = result as [Hex, bigint]
    return { sigFailed: validationData & ((1n << 160n) - 1n), validUntil: Number((validationData >> 160n) & ((1n << 48n) - 1n)) }
  }

  it('behavior: the contracts land at the addresses computed from the CREATE2 deployer, the EntryPoint at its canonical one', () => {
    expect(deployed.entryPoint).toBe(ENTRY_POINT_V07)
    expect(erc4337Addresses(SIGNER)).toEqual({ entryPoint: deployed.entryPoint, factory: deployed.factory, paymaster: deployed.paymaster })
    // the paymaster's address depends on its signer, the factory's does not
    expect(erc4337Addresses(privateKeyToAddress(DEV_ONLY_PAYMASTER_SIGNER_KEY)).paymaster).not.toBe(deployed.paymaster)
    expect(erc4337Addresses(privateKeyToAddress(DEV_ONLY_PAYMASTER_SIGNER_KEY)).factory).toBe(deployed.factory)
  })

  it('behavior: deploying again changes nothing and keeps the deposit', async () => {
    const again = await deployErc4337Contracts({ rpcUrl: anvil.rpcUrl, deployerKey: ANVIL_DEV_KEYS[0], paymasterSigner: SIGNER })
    expect(again).toEqual(deployed)
    expect(deployed.paymasterDeposit).toBe(10n ** 21n)
  })

  it('behavior: the factory makes SimpleAccounts with ERC-1271; viem verifies their signatures before (ERC-6492) and after deployment', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const factoryAbi = readPorticoAccountArtifact().abi as readonly Record<string, unknown>[]
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = (await client.readContract({ address: deployed.factory, abi: factoryAbi, functionName: 'getAddress', args: [owner.address, 0n] })) as Address
    // what the login frame signs for its smart account: the replay-safe hash of (hash, account, chain id)
    const signFor = (signer: typeof owner, message: string, at: Address = account) =>
      signer.signMessage({ message: { raw: keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'address' }, { type: 'uint256' }], [hashMessage(message), at, BigInt(anvil.chainId)])) } })
    const factoryData = encodeFunctionData({ abi: factoryAbi, functionName: 'createAccount', args: [owner.address, 0n] })
    const verify = (message: string, signature: Hex) => client.verifyMessage({ address: account, message, signature })

    const early = serializeErc6492Signature({ address: deployed.factory, data: factoryData, signature: await signFor(owner, 'hello') })
    expect(await verify('hello', early)).toBe(true)
    expect(await verify('another message', early)).toBe(false)
    expect(await client.getCode({ address: account })).toBeUndefined()

    const wallet = createWalletClient({ account: privateKeyToAccount(ANVIL_DEV_KEYS[0]), chain: null, transport: http(anvil.rpcUrl) })
    const hash = await wallet.sendTransaction({ to: deployed.factory, data: factoryData })
    expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
    expect((await client.getCode({ address: account }))?.length).toBeGreaterThan(2)
    expect(await verify('hello', await signFor(owner, 'hello'))).toBe(true)
    expect(await verify('another message', await signFor(owner, 'hello'))).toBe(false)
    // another key, or the owner's signature meant for another account, does not pass
    expect(await verify('hello', await signFor(privateKeyToAccount(generatePrivateKey()), 'hello'))).toBe(false)
    expect(await verify('hello', await signFor(owner, 'hello', privateKeyToAddress(generatePrivateKey())))).toBe(false)
    // the account is SimpleAccount v0.7's: its owner and EntryPoint
    const ownerAbi = [{ type: 'function', name: 'owner', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] }, { type: 'function', name: 'entryPoint', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] }] as const
    expect(await client.readContract({ address: account, abi: ownerAbi, functionName: 'owner' })).toBe(owner.address)
    expect(await client.readContract({ address: account, abi: ownerAbi, functionName: 'entryPoint' })).toBe(ENTRY_POINT_V07)
  })

  it('behavior: the off-chain hash equals the contract getHash, with and without a factory', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    for (const extra of [{}, { factory: undefined, factoryData: undefined, nonce: '0x2a' }] as const) {
      const op = { ...rpcOperation(privateKeyToAddress(generatePrivateKey())), ...extra } as ReturnType<typeof rpcOperation>
      const packed = toPackedUserOperation(viemOperation(op, { paymaster: deployed.paymaster, paymasterData: '0x' }))
      const onChain = await client.readContract({ address: deployed.paymaster, abi: paymasterAbi(), functionName: 'getHash', args: [packed, 1_900_000_000, 5] })
      const packedOp = {
        sender: op.sender,
        nonce: hexToBigInt(op.nonce as Hex),
        factory: op.factory as Address | undefined,
        factoryData: op.factoryData as Hex | undefined,
        callData: op.callData as Hex,
        callGasLimit: hexToBigInt(op.callGasLimit as Hex),
        verificationGasLimit: hexToBigInt(op.verificationGasLimit as Hex),
        preVerificationGas: hexToBigInt(op.preVerificationGas as Hex),
        maxFeePerGas: hexToBigInt(op.maxFeePerGas as Hex),
        maxPriorityFeePerGas: hexToBigInt(op.maxPriorityFeePerGas as Hex),
        paymasterVerificationGasLimit: hexToBigInt(op.paymasterVerificationGasLimit as Hex),
        paymasterPostOpGasLimit: hexToBigInt(op.paymasterPostOpGasLimit as Hex),
      }
      expect(paymasterHash(packedOp, { chainId: anvil.chainId, paymaster: deployed.paymaster, validUntil: 1_900_000_000, validAfter: 5 })).toBe(onChain)
    }
  })

  it('behavior: pm_getPaymasterStubData gives the layout, gas limits and a signature the contract rejects without reverting', async () => {
    const sender = privateKeyToAddress(generatePrivateKey())
    // before gas estimation: no gas limits yet
    const noGas: Record<string, unknown> = { ...rpcOperation(sender) }
    for (const field of ['callGasLimit', 'verificationGasLimit', 'preVerificationGas', 'paymasterVerificationGasLimit', 'paymasterPostOpGasLimit']) delete noGas[field]
    const answer = await call('pm_getPaymasterStubData', [noGas, ENTRY_POINT_V07, chainHex(), {}])
    expect(answer.error).toBeUndefined()
    const result = answer.result as { paymaster: Address; paymasterData: Hex; paymasterVerificationGasLimit: Hex; paymasterPostOpGasLimit: Hex; isFinal: boolean; sponsor: { name: string } }
    expect(result).toMatchObject({ paymaster: deployed.paymaster, paymasterVerificationGasLimit: '0x186a0', paymasterPostOpGasLimit: '0x0', isFinal: false, sponsor: { name: 'Portico' } })
    // abi.encode(uint48, uint48) then a 65-byte signature
    expect((result.paymasterData.length - 2) / 2).toBe(64 + 65)
    const block = await createPublicClient({ transport: http(anvil.rpcUrl) }).getBlock()
    expect(Number(hexToBigInt(sliceHex(result.paymasterData, 0, 32)))).toBe(Number(block.timestamp) + 600)
    const checked = await validate(viemOperation(rpcOperation(sender), result))
    expect(checked.sigFailed).toBe(1n)
  })

  it('behavior: pm_getPaymasterData signs what the contract accepts; a changed field no longer passes', async () => {
    const op = rpcOperation(privateKeyToAddress(generatePrivateKey()))
    const answer = await call('pm_getPaymasterData', [op, ENTRY_POINT_V07, chainHex(), null])
    expect(answer.error).toBeUndefined()
    const result = answer.result as { paymaster: Address; paymasterData: Hex }
    expect(Object.keys(result).sort()).toEqual(['paymaster', 'paymasterData'])
    const accepted = await validate(viemOperation(op, result))
    expect(accepted.sigFailed).toBe(0n)
    expect(accepted.validUntil).toBeGreaterThan(0)
    const changed = await validate(viemOperation({ ...op, callGasLimit: '0x11171' }, result))
    expect(changed.sigFailed).toBe(1n)
  })

  it('behavior: a batch is answered call by call, in order', async () => {
    const op = rpcOperation(privateKeyToAddress(generatePrivateKey()))
    const { status, body } = await post(`/v1/paymaster/${anvil.chainId}`, [
      { jsonrpc: '2.0', id: 'a', method: 'pm_getPaymasterStubData', params: [op, ENTRY_POINT_V07, chainHex(), {}] },
      { jsonrpc: '2.0', id: 'b', method: 'eth_chainId', params: [] },
    ])
    expect(status).toBe(200)
    const answers = body as unknown as Answer[]
    expect(answers.map((a) => a.id)).toEqual(['a', 'b'])
    expect(answers[0]!.result).toBeDefined()
    expect(answers[1]!.error?.code).toBe(PAYMASTER_ERRORS.methodNotFound)
  })

  it('error: bad params, another EntryPoint, a mismatched or unknown chain each get a clear JSON-RPC error, never a 5xx', async () => {
    const sender = privateKeyToAddress(generatePrivateKey())
    const cases: [string, unknown[], string | number, number, RegExp][] = [
      ['pm_getPaymasterStubData', [], anvil.chainId, PAYMASTER_ERRORS.invalidParams, /^Invalid params: expected \[userOperation, entryPoint, chainId, context\?\]\.$/],
      ['pm_getPaymasterStubData', [{ sender }, ENTRY_POINT_V07, chainHex()], anvil.chainId, PAYMASTER_ERRORS.invalidParams, /^Invalid params: userOperation\.nonce: /],
      ['pm_getPaymasterStubData', [{ ...rpcOperation(sender), sender: '0x1234' }, ENTRY_POINT_V07, chainHex()], anvil.chainId, PAYMASTER_ERRORS.invalidParams, /userOperation\.sender: expected a 20-byte/],
      ['pm_getPaymasterStubData', [{ ...rpcOperation(sender), nonce: 'seven' }, ENTRY_POINT_V07, chainHex()], anvil.chainId, PAYMASTER_ERRORS.invalidParams, /userOperation\.nonce: expected a 0x-prefixed hex quantity/],
      ['pm_getPaymasterStubData', [{ ...rpcOperation(sender), callData: '0xabc' }, ENTRY_POINT_V07, chainHex()], anvil.chainId, PAYMASTER_ERRORS.invalidParams, /userOperation\.callData: expected 0x-prefixed hex bytes/],
      ['pm_getPaymasterStubData', [{ ...rpcOperation(sender), callGasLimit: `0x1${'0'.repeat(32)}` }, ENTRY_POINT_V07, chainHex()], anvil.chainId, PAYMASTER_ERRORS.invalidParams, /callGasLimit: larger than uint128/],
      ['pm_getPaymasterStubData', [{ ...rpcOperation(sender), initCode: '0x' }, ENTRY_POINT_V07, chainHex()], anvil.chainId, PAYMASTER_ERRORS.invalidParams, /initCode/],
      ['pm_getPaymasterStubData', [rpcOperation(sender), '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789', chainHex()], anvil.chainId, PAYMASTER_ERRORS.invalidParams, /^Unsupported EntryPoint 0x5FF1.*v0\.7/],
      ['pm_getPaymasterStubData', [rpcOperation(sender), ENTRY_POINT_V07, '0x1'], anvil.chainId, PAYMASTER_ERRORS.invalidParams, /^Chain id mismatch: the params name chain 1 but the URL names 31337\.$/],
      ['pm_getPaymasterStubData', [rpcOperation(sender), ENTRY_POINT_V07, '0x1'], 1, PAYMASTER_ERRORS.invalidParams, /^Unknown chain "1": this paymaster sponsors on chains 31337\.$/],
      ['pm_getPaymasterStubData', [rpcOperation(sender), ENTRY_POINT_V07, chainHex()], 'eip155:31337', PAYMASTER_ERRORS.invalidParams, /^Unknown chain "eip155:31337"/],
      ['pm_getPaymasterStubData', [rpcOperation(sender), ENTRY_POINT_V07, chainHex(), 'sponsor me'], anvil.chainId, PAYMASTER_ERRORS.invalidParams, /^Invalid params: context: /],
      ['pm_getPaymasterData', [{ ...rpcOperation(sender), callGasLimit: undefined }, ENTRY_POINT_V07, chainHex()], anvil.chainId, PAYMASTER_ERRORS.invalidParams, /userOperation\.callGasLimit is required by pm_getPaymasterData/],
      ['pm_getPaymasterData', [{ ...rpcOperation(sender), paymasterVerificationGasLimit: '0x10' }, ENTRY_POINT_V07, chainHex()], anvil.chainId, PAYMASTER_ERRORS.invalidParams, /paymasterVerificationGasLimit is too low/],
      ['pm_sponsorUserOperation', [rpcOperation(sender), ENTRY_POINT_V07], anvil.chainId, PAYMASTER_ERRORS.methodNotFound, /^Method not found: pm_sponsorUserOperation; this paymaster serves pm_getPaymasterStubData and pm_getPaymasterData\.$/],
    ]
    for (const [method, params, chain, code, message] of cases) {
      const { status, body } = await post(`/v1/paymaster/${chain}`, { jsonrpc: '2.0', id: 1, method, params })
      expect(status, message.source).toBe(200)
      expect(body.id).toBe(1)
      expect(body.error?.code, message.source).toBe(code)
      expect(body.error?.message, message.source).toMatch(message)
    }
  })

  it('error: a body that is not JSON, not JSON-RPC, not sent as JSON or too large gets a JSON-RPC error', async () => {
    const path = `/v1/paymaster/${anvil.chainId}`
    const notJson = await post(path, '{"jsonrpc":')
    expect(notJson.status).toBe(400)
    expect(notJson.body.error).toMatchObject({ code: -32700 })
    const notRpc = await post(path, { id: 1, method: 'pm_getPaymasterData' })
    expect(notRpc.status).toBe(400)
    expect(notRpc.body.error?.message).toMatch(/^Invalid Request: jsonrpc/)
    const form = await post(path, 'a=1', { 'content-type': 'application/x-www-form-urlencoded' })
    expect(form.status).toBe(415)
    expect(form.body.error).toMatchObject({ code: -32600 })
    const huge = await post(path, { jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [{ callData: `0x${'ab'.repeat(70_000)}` }] })
    expect(huge.status).toBe(413)
    expect(huge.body.error?.message).toMatch(/body larger than/)
  })

  it('error: the sponsorships of a sender are limited per hour; other senders and the next hour are not affected', async () => {
    const op = rpcOperation(privateKeyToAddress(generatePrivateKey()))
    for (let i = 0; i < 3; i++) expect((await call('pm_getPaymasterData', [op, ENTRY_POINT_V07, chainHex()])).error).toBeUndefined()
    // stub calls are free: they sign nothing
    expect((await call('pm_getPaymasterStubData', [op, ENTRY_POINT_V07, chainHex()])).error).toBeUndefined()
    const refused = await call('pm_getPaymasterData', [op, ENTRY_POINT_V07, chainHex()])
    expect(refused.error?.code).toBe(PAYMASTER_ERRORS.limitExceeded)
    expect(refused.error?.message).toBe(`Sponsorship limit reached: ${getAddress(op.sender)} has had 3 sponsored operations on chain 31337 this hour; try again in 3600 seconds.`)
    expect(refused.error?.data).toEqual({ retryAfter: 3600 })
    expect((await call('pm_getPaymasterData', [rpcOperation(privateKeyToAddress(generatePrivateKey())), ENTRY_POINT_V07, chainHex()])).error).toBeUndefined()
    clock += HOUR
    expect((await call('pm_getPaymasterData', [op, ENTRY_POINT_V07, chainHex()])).error).toBeUndefined()
  })
})

describe.each(testBackends())('paymaster limits shared by replicas, and a paymaster that is missing [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'replicas', () => {
    let anvil: AnvilInstance
    let deployed: DeployedErc4337
    const servers: ApiServer[] = []
    let closeDb: () => Promise<void>

    beforeAll(async () => {
      anvil = await startAnvil({ chainId: 31338 })
      deployed = await deployErc4337Contracts({ rpcUrl: anvil.rpcUrl, deployerKey: ANVIL_DEV_KEYS[1], paymasterSigner: privateKeyToAddress(DEV_ONLY_PAYMASTER_SIGNER_KEY) })
      const opened = await backend.open()
      const db = await openDatabase(opened.options.databaseUrl ? { url: opened.options.databaseUrl } : {})
      closeDb = async () => {
        await db.close()
        await opened.cleanup()
      }
      const chains = [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }]
      for (const address of [deployed.paymaster, deployed.paymaster, '0x000000000000000000000000000000000000dEaD', undefined] as const)
        servers.push(await createApiServer({ database: db, logger: silentLogger, chains, indexer: { enabled: false }, paymaster: { address, sponsorshipsPerSenderPerHour: 2 } }))
    })
    afterAll(async () => {
      for (const s of servers) await s.close()
      await closeDb?.()
      await anvil?.stop()
    })

    const call = async (server: ApiServer, method: string, op: unknown) => {
      const res = await server.app.request(`/v1/paymaster/${anvil.chainId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [op, ENTRY_POINT_V07, numberToHex(anvil.chainId), {}] }),
      })
      expect(res.status).toBe(200)
      return (await res.json()) as Answer
    }

    it('behavior: two replicas on one database count one sender together', async () => {
      const [a, b] = servers as [ApiServer, ApiServer]
      const op = rpcOperation(privateKeyToAccount(generatePrivateKey()).address)
      expect((await call(a, 'pm_getPaymasterData', op)).error).toBeUndefined()
      expect((await call(b, 'pm_getPaymasterData', op)).error).toBeUndefined()
      expect((await call(a, 'pm_getPaymasterData', op)).error?.code).toBe(PAYMASTER_ERRORS.limitExceeded)
      expect((await call(b, 'pm_getPaymasterData', op)).error?.code).toBe(PAYMASTER_ERRORS.limitExceeded)
    })

    it('error: a paymaster address without code, or none configured, is reported as such', async () => {
      const op = rpcOperation(privateKeyToAccount(generatePrivateKey()).address)
      const missing = await call(servers[2]!, 'pm_getPaymasterStubData', op)
      expect(missing.error).toEqual({ code: PAYMASTER_ERRORS.unavailable, message: 'The paymaster 0x000000000000000000000000000000000000dEaD is not deployed on chain 31338.' })
      const none = await call(servers[3]!, 'pm_getPaymasterStubData', op)
      expect(none.error).toEqual({ code: PAYMASTER_ERRORS.unavailable, message: 'No paymaster is configured on this api (set PORTICO_PAYMASTER_ADDRESS).' })
    })

    it('error: a paymaster that trusts another signer is reported', async () => {
      const other = await createApiServer({
        database: (servers[0] as ApiServer).db,
        logger: silentLogger,
        chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
        indexer: { enabled: false },
        paymaster: { address: deployed.paymaster, signerKey: generatePrivateKey() },
      })
      try {
        const answer = await call(other, 'pm_getPaymasterStubData', rpcOperation(privateKeyToAccount(generatePrivateKey()).address))
        expect(answer.error?.message).toBe(`The paymaster ${deployed.paymaster} on chain 31338 trusts another signer than this api's.`)
      } finally {
        await other.close()
      }
    })
  })
})

describe('paymaster configuration from the environment', () => {
  it('behavior: PORTICO_PAYMASTER_* are read and checked', () => {
    const key = generatePrivateKey()
    const { options } = optionsFromEnv({ PORTICO_PAYMASTER_ADDRESS: '0x000000000000000000000000000000000000dEaD', PORTICO_PAYMASTER_SIGNER_KEY: key, PORTICO_PAYMASTER_SPONSORSHIPS_PER_HOUR: '7' })
    expect(options.paymaster).toEqual({ address: '0x000000000000000000000000000000000000dEaD', signerKey: key, sponsorshipsPerSenderPerHour: 7 })
    expect(optionsFromEnv({}).options.paymaster).toBeUndefined()
    expect(() => optionsFromEnv({ PORTICO_PAYMASTER_ADDRESS: 'dead' })).toThrow('PORTICO_PAYMASTER_ADDRESS: expected a 0x-prefixed 20-byte address, got "dead"')
    expect(() => optionsFromEnv({ PORTICO_PAYMASTER_SIGNER_KEY: '0x12' })).toThrow('PORTICO_PAYMASTER_SIGNER_KEY: expected 0x followed by 64 hex characters')
    expect(() => optionsFromEnv({ PORTICO_PAYMASTER_SPONSORSHIPS_PER_HOUR: '0' })).toThrow('PORTICO_PAYMASTER_SPONSORSHIPS_PER_HOUR: expected a whole number of at least 1, got 0')
    expect(unknownEnvWarnings({ PORTICO_PAYMASTER_ADDRESS: 'x', PORTICO_PAYMASTER_SIGNER_KEY: 'y', PORTICO_PAYMASTER_SIGNER_KY: 'z' })).toEqual([
      'unknown variable PORTICO_PAYMASTER_SIGNER_KY (did you mean PORTICO_PAYMASTER_SIGNER_KEY?)',
    ])
  })
})
