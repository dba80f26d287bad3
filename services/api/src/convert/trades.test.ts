import { type ApiTransaction, HistoryResponseSchema } from '@portico/contracts/api'
import { type Address, type Hex, type TransactionReceipt, formatEther, formatUnits, getAddress, maxUint256, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_DEV_KEYS, type AnvilInstance, type TestApi, clientsFor, deployTestToken, sendNative, startAnvil, startTestApi, testBackends, testTokenAbi } from '../testing/index.js'
import { type ChainSigner, type UniswapDeployment, addPool, deployUniswapV2, uniswapArtifacts } from '../testing/uniswap.js'

const CHAIN = 'eip155:31337'
const DEPLOYER = ANVIL_DEV_KEYS[9]

/*
 * Swaps in the history: the indexer follows a chain with a real Uniswap V2 and the api lists a swap as a trade with
 * both sides seen from the visitor, including the native currency Router02 pays out in an internal call (no log).
 */
describe.each(testBackends())('swaps in the history on a real Uniswap V2 [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'trades', () => {
    let anvil: AnvilInstance
    let api: TestApi
    let signer: ChainSigner
    let uniswap: UniswapDeployment
    let ptd: Address
    let pte: Address

    beforeAll(async () => {
      anvil = await startAnvil({ chainId: 31337 })
      signer = { rpcUrl: anvil.rpcUrl, chain: anvil.chain, privateKey: DEPLOYER }
      const token = (name: string, symbol: string, decimals: number) => deployTestToken({ ...signer, name, symbol, decimals, supply: '0' }).then((t) => getAddress(t.address))
      ptd = await token('Portico Test Dollar', 'PTD', 6)
      pte = await token('Portico Test Euro', 'PTE', 18)
      uniswap = await deployUniswapV2(signer)
      await addPool(signer, uniswap, { token: ptd, decimals: 6, amount: '90000' }, { native: true, amount: '30' })
      await addPool(signer, uniswap, { token: ptd, decimals: 6, amount: '120000' }, { token: pte, decimals: 18, amount: '100000' })
      api = await startTestApi(backend, {
        chains: [
          {
            chainId: 31337,
            rpcUrl: anvil.rpcUrl,
            nativePrices: { usd: 3000 },
            exchange: uniswap,
            tokens: [
              { address: ptd, name: 'Portico Test Dollar', symbol: 'PTD', decimals: 6, prices: { usd: 1 } },
              { address: pte, name: 'Portico Test Euro', symbol: 'PTE', decimals: 18 },
            ],
          },
        ],
        indexer: { pollIntervalMs: 50, maxBackoffMs: 200 },
      })
    }, 120_000)
    afterAll(async () => {
      await api?.close()
      await anvil?.stop()
    })

    /** A visitor of its own with 10 ETH and 1,000 PTD, the router allowed to take its PTD. */
    const newVisitor = async () => {
      const key = generatePrivateKey()
      const address = privateKeyToAccount(key).address
      await sendNative({ ...signer, to: address, amount: '10' })
      const deployer = clientsFor(anvil.rpcUrl, anvil.chain, DEPLOYER)
      await deployer.public.waitForTransactionReceipt({ hash: await deployer.wallet.writeContract({ address: ptd, abi: testTokenAbi, functionName: 'mint', args: [address, parseUnits('1000', 6)] }), pollingInterval: 50 })
      const own = clientsFor(anvil.rpcUrl, anvil.chain, key)
      await own.public.waitForTransactionReceipt({ hash: await own.wallet.writeContract({ address: ptd, abi: testTokenAbi, functionName: 'approve', args: [uniswap.router, maxUint256] }), pollingInterval: 50 })
      return { address, ...own }
    }
    type Visitor = Awaited<ReturnType<typeof newVisitor>>
    const deadline = () => BigInt(Math.floor(Date.now() / 1000) + 600)
    const swap = async (visitor: Visitor, call: { functionName: string; args: unknown[]; value?: bigint }) => {
      const hash: Hex = await visitor.wallet.writeContract({ address: uniswap.router, abi: uniswapArtifacts.router.abi, gas: 400_000n, ...call } as never)
      const receipt = await visitor.public.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      expect(receipt.status).toBe('success')
      await api.server.indexer!.waitForBlock(CHAIN, receipt.blockNumber)
      return receipt
    }
    const latest = async (address: Address): Promise<ApiTransaction> => {
      const res = await api.get(`/v1/account/${address}/history?chainId=${CHAIN}`)
      expect(res.status).toBe(200)
      return HistoryResponseSchema.parse(res.body).data[0]!
    }
    /** What the visitor's native balance gained over `receipt`, its gas given back. */
    const ethGained = async (visitor: Visitor, before: bigint, receipt: TransactionReceipt) =>
      (await visitor.public.getBalance({ address: visitor.address })) - before + receipt.gasUsed * receipt.effectiveGasPrice

    it('lists 25 PTD for ETH as a trade: the PTD given and the ETH the router paid out, as on chain', async () => {
      const visitor = await newVisitor()
      const before = await visitor.public.getBalance({ address: visitor.address })
      const receipt = await swap(visitor, { functionName: 'swapExactTokensForETH', args: [parseUnits('25', 6), 0n, [ptd, uniswap.weth], visitor.address, deadline()] })
      const gained = await ethGained(visitor, before, receipt)
      expect(gained).toBeGreaterThan(0n)

      const tx = await latest(visitor.address)
      expect(tx.metadata).toMatchObject({ operationType: 'trade', hash: receipt.transactionHash, status: 'confirmed', sentFrom: visitor.address, sentTo: getAddress(uniswap.router) })
      expect(tx.transfers).toEqual([
        expect.objectContaining({ fungible_info: expect.objectContaining({ symbol: 'PTD' }), direction: 'out', quantity: { numeric: '25' } }),
        expect.objectContaining({ fungible_info: expect.objectContaining({ symbol: 'ETH', name: 'Ether' }), direction: 'in', quantity: { numeric: formatEther(gained) } }),
      ])
    })

    it('lists ETH for PTD and PTD for PTE as trades, the amounts read from the chain', async () => {
      const visitor = await newVisitor()
      const ptdBefore = await visitor.public.readContract({ address: ptd, abi: testTokenAbi, functionName: 'balanceOf', args: [visitor.address] })
      await swap(visitor, { functionName: 'swapExactETHForTokens', args: [0n, [uniswap.weth, ptd], visitor.address, deadline()], value: parseEther('0.01') })
      const bought = (await visitor.public.readContract({ address: ptd, abi: testTokenAbi, functionName: 'balanceOf', args: [visitor.address] })) - ptdBefore
      const ethForPtd = await latest(visitor.address)
      expect(ethForPtd.metadata.operationType).toBe('trade')
      expect(ethForPtd.transfers?.map((t) => [t.fungible_info?.symbol, t.direction, t.quantity.numeric])).toEqual([
        ['ETH', 'out', '0.01'],
        ['PTD', 'in', formatUnits(bought, 6)],
      ])

      await swap(visitor, { functionName: 'swapExactTokensForTokens', args: [parseUnits('10', 6), 0n, [ptd, pte], visitor.address, deadline()] })
      const pteGot = await visitor.public.readContract({ address: pte, abi: testTokenAbi, functionName: 'balanceOf', args: [visitor.address] })
      const ptdForPte = await latest(visitor.address)
      expect(ptdForPte.metadata.operationType).toBe('trade')
      expect(ptdForPte.transfers?.map((t) => [t.fungible_info?.symbol, t.direction, t.quantity.numeric])).toEqual([
        ['PTD', 'out', '10'],
        ['PTE', 'in', formatUnits(pteGot, 18)],
      ])
    })

    it('a swap paying someone else: a send for the visitor, a receive of the ETH for the recipient', async () => {
      const visitor = await newVisitor()
      const friend = privateKeyToAccount(generatePrivateKey()).address
      const receipt = await swap(visitor, { functionName: 'swapExactTokensForETH', args: [parseUnits('5', 6), 0n, [ptd, uniswap.weth], friend, deadline()] })
      const paid = await visitor.public.getBalance({ address: friend })

      const given = await latest(visitor.address)
      expect(given.metadata).toMatchObject({ operationType: 'send', hash: receipt.transactionHash })
      expect(given.transfers?.map((t) => [t.fungible_info?.symbol, t.direction, t.quantity.numeric])).toEqual([['PTD', 'out', '5']])
      const got = await latest(friend)
      expect(got.metadata).toMatchObject({ operationType: 'receive', hash: receipt.transactionHash, sentFrom: visitor.address })
      expect(got.transfers?.map((t) => [t.fungible_info?.symbol, t.direction, t.quantity.numeric])).toEqual([['ETH', 'in', formatEther(paid)]])
    })

    it('a plain send of ETH and PTD on the same chain stays a send', async () => {
      const visitor = await newVisitor()
      const friend = privateKeyToAccount(generatePrivateKey()).address
      const hash = await visitor.wallet.writeContract({ address: ptd, abi: testTokenAbi, functionName: 'transfer', args: [friend, parseUnits('3', 6)] })
      const receipt = await visitor.public.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      await api.server.indexer!.waitForBlock(CHAIN, receipt.blockNumber)
      expect((await latest(visitor.address)).metadata.operationType).toBe('send')
    })
  })
})
