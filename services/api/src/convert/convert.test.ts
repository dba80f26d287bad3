import {
  ConvertAllowanceResponseSchema,
  ConvertBuildApproveResponseSchema,
  ConvertBuildTransactionResponseSchema,
  ConvertGasPriceResponseSchema,
  ConvertQuotesResponseSchema,
  ConvertTokensResponseSchema,
  FungiblePriceResponseSchema,
  NATIVE_TOKEN_PLACEHOLDER_ADDRESS,
} from '@portico/contracts/api'
import { type Address, type Hex, decodeFunctionData, getAddress, parseAbi, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ANVIL_DEV_KEYS,
  type AnvilInstance,
  type TestApi,
  clientsFor,
  deployTestToken,
  sendNative,
  startAnvil,
  startTestApi,
  testBackends,
  testTokenAbi,
} from '../testing/index.js'
import { type ChainSigner, type UniswapDeployment, addPool, deployUniswapV2, uniswapArtifacts } from '../testing/uniswap.js'

const CHAIN = 'eip155:31337'
const NATIVE = `${CHAIN}:${NATIVE_TOKEN_PLACEHOLDER_ADDRESS}`
const DEPLOYER = ANVIL_DEV_KEYS[9]
const postJson = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe.each(testBackends())('convert endpoints on a real Uniswap V2 [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'exchange', () => {
    let anvil: AnvilInstance
    let api: TestApi
    let signer: ChainSigner
    let uniswap: UniswapDeployment
    let ptd: Address
    let pte: Address
    let lone: Address
    const caip = (a: Address) => `${CHAIN}:${a}`

    beforeAll(async () => {
      anvil = await startAnvil({ chainId: 31337 })
      signer = { rpcUrl: anvil.rpcUrl, chain: anvil.chain, privateKey: DEPLOYER }
      const token = (name: string, symbol: string, decimals: number) => deployTestToken({ ...signer, name, symbol, decimals, supply: '0' }).then((t) => getAddress(t.address))
      ptd = await token('Portico Test Dollar', 'PTD', 6)
      pte = await token('Portico Test Euro', 'PTE', 18)
      lone = await token('Lonely Token', 'LONE', 18)
      uniswap = await deployUniswapV2(signer)
      await addPool(signer, uniswap, { token: ptd, decimals: 6, amount: '90000' }, { native: true, amount: '30' })
      await addPool(signer, uniswap, { token: pte, decimals: 18, amount: '75000' }, { native: true, amount: '30' })
      await addPool(signer, uniswap, { token: ptd, decimals: 6, amount: '120000' }, { token: pte, decimals: 18, amount: '100000' })
      api = await startTestApi(backend, {
        indexer: { enabled: false },
        chains: [
          {
            chainId: 31337,
            rpcUrl: anvil.rpcUrl,
            nativePrices: { usd: 3000 },
            exchange: uniswap,
            tokens: [
              { address: ptd, name: 'Portico Test Dollar', symbol: 'PTD', decimals: 6, prices: { usd: 1 } },
              // no configured price: /v1/fungible/price reads it from the pools
              { address: pte, name: 'Portico Test Euro', symbol: 'PTE', decimals: 18 },
              { address: lone, name: 'Lonely Token', symbol: 'LONE', decimals: 18 },
            ],
          },
          // served for balances, but without an exchange
          { chainId: 31338, rpcUrl: anvil.rpcUrl },
        ],
      })
    }, 120_000)
    afterAll(async () => {
      await api?.close()
      await anvil?.stop()
    })

    /** A visitor of its own with 10 ETH and 1,000 PTD. */
    const newVisitor = async () => {
      const key = generatePrivateKey()
      const address = privateKeyToAccount(key).address
      await sendNative({ ...signer, to: address, amount: '10' })
      const { wallet, public: client } = clientsFor(anvil.rpcUrl, anvil.chain, DEPLOYER)
      const hash = await wallet.writeContract({ address: ptd, abi: testTokenAbi, functionName: 'mint', args: [address, parseUnits('1000', 6)] })
      await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      return { key, address, caip: caip(address), ...clientsFor(anvil.rpcUrl, anvil.chain, key) }
    }
    type Visitor = Awaited<ReturnType<typeof newVisitor>>
    /** Signs and sends a built transaction as the API gave it (its gas: no second estimate), returning the receipt. */
    const send = async (visitor: Visitor, tx: { to: string; data: string; value: string; gas: string }) => {
      const hash = await visitor.wallet.sendTransaction({
        to: tx.to.split(':')[2] as Address,
        data: tx.data as Hex,
        value: BigInt(tx.value),
        gas: BigInt(tx.gas),
      })
      return visitor.public.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    }
    const balanceOf = (who: Address, token: Address) => clientsFor(anvil.rpcUrl, anvil.chain, DEPLOYER).public.readContract({ address: token, abi: testTokenAbi, functionName: 'balanceOf', args: [who] })
    const amountsOut = (amount: bigint, path: Address[]) =>
      clientsFor(anvil.rpcUrl, anvil.chain, DEPLOYER).public.readContract({ address: uniswap.router, abi: uniswapArtifacts.router.abi, functionName: 'getAmountsOut', args: [amount, path] }) as Promise<bigint[]>
    const quote = async (from: string, to: string, amount: bigint, user = ANVIL_DEV_KEYS[0]) => {
      const res = await api.get(`/v1/convert/quotes?from=${from}&to=${to}&amount=${amount}&userAddress=${caip(privateKeyToAccount(user).address)}&gasPrice=1`)
      expect(res.status).toBe(200)
      return ConvertQuotesResponseSchema.parse(res.body).quotes
    }
    const build = async (body: Record<string, unknown>) => api.client.request('/v1/convert/build-transaction?st=appkit&sv=1', postJson({ projectId: 'portico-dev', eip155: { slippage: 1 }, ...body }))

    it('lists the native currency and the tokens with a pool, not the one without', async () => {
      const res = await api.get(`/v1/convert/tokens?chainId=${CHAIN}`)
      expect(res.status).toBe(200)
      const body = ConvertTokensResponseSchema.parse(res.body)
      expect(body.tokens.map((t) => [t.symbol, t.address, t.decimals, t.eip2612])).toEqual([
        ['ETH', NATIVE, 18, false],
        ['PTD', caip(ptd), 6, false],
        ['PTE', caip(pte), 18, false],
      ])
      expect(body.tokens.every((t) => t.logoUri.startsWith('http'))).toBe(true)
      expect(body.suggested).toEqual(['ETH', 'PTD', 'PTE'])
      expect(body.popular).toEqual(['ETH', 'PTD'])
    })

    it("quotes what the router's getAmountsOut gives, on the best route, with the price impact", async () => {
      const weth = uniswap.weth
      const [ptdEth] = await quote(caip(ptd), NATIVE, 25_000_000n)
      expect(ptdEth).toMatchObject({ fromAmount: '25000000', fromAccount: caip(ptd), toAccount: NATIVE })
      expect(ptdEth!.toAmount).toBe((await amountsOut(25_000_000n, [ptd, weth]))[1]!.toString())
      const [ethPte] = await quote(NATIVE, caip(pte), parseEther('0.5'))
      expect(ethPte!.toAmount).toBe((await amountsOut(parseEther('0.5'), [weth, pte]))[1]!.toString())
      // token to token: the better of the direct pool and the route through WETH
      const amount = parseUnits('5000', 6)
      const direct = (await amountsOut(amount, [ptd, pte]))[1]!
      const viaWeth = (await amountsOut(amount, [ptd, weth, pte]))[2]!
      const [ptdPte] = await quote(caip(ptd), caip(pte), amount)
      expect(ptdPte!.toAmount).toBe((direct > viaWeth ? direct : viaWeth).toString())
      // a small trade barely moves the price; a third of the pool moves it a lot
      expect(ptdEth!.priceImpact).toBeLessThan(0.1)
      const [big] = await quote(caip(ptd), NATIVE, parseUnits('30000', 6))
      expect(big!.priceImpact).toBeGreaterThan(20)
    })

    it('gives no quote between tokens no pool joins', async () => {
      expect(await quote(caip(lone), caip(ptd), parseEther('1'))).toEqual([])
      expect(await quote(NATIVE, caip(lone), parseEther('1'))).toEqual([])
    })

    it('a drained pool (every provider withdrew its liquidity) is no pool: no quote, the token not listed', async () => {
      const { wallet, public: client, account } = clientsFor(anvil.rpcUrl, anvil.chain, DEPLOYER)
      await addPool(signer, uniswap, { token: lone, decimals: 18, amount: '1000' }, { native: true, amount: '1' })
      expect((await quote(NATIVE, caip(lone), parseEther('0.01')))[0]!.toAmount).toBe((await amountsOut(parseEther('0.01'), [uniswap.weth, lone]))[1]!.toString())
      const pairAbi = parseAbi(['function balanceOf(address) view returns (uint256)', 'function approve(address, uint256) returns (bool)'])
      const pair = (await client.readContract({ address: uniswap.factory, abi: uniswapArtifacts.factory.abi, functionName: 'getPair', args: [lone, uniswap.weth] })) as Address
      const liquidity = await client.readContract({ address: pair, abi: pairAbi, functionName: 'balanceOf', args: [account.address] })
      await client.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: pair, abi: pairAbi, functionName: 'approve', args: [uniswap.router, liquidity] }), pollingInterval: 50 })
      const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
      const removed = await wallet.writeContract({ address: uniswap.router, abi: uniswapArtifacts.router.abi, functionName: 'removeLiquidityETH', args: [lone, liquidity, 0n, 0n, account.address, deadline], gas: 500_000n })
      expect((await client.waitForTransactionReceipt({ hash: removed, pollingInterval: 50 })).status).toBe('success')
      // the locked minimum liquidity still quotes a few wei on chain; the api calls that no route
      expect((await amountsOut(parseEther('0.01'), [uniswap.weth, lone]))[1]).toBeGreaterThan(0n)
      expect(await quote(NATIVE, caip(lone), parseEther('0.01'))).toEqual([])
      const listed = ConvertTokensResponseSchema.parse((await api.get(`/v1/convert/tokens?chainId=${CHAIN}`)).body)
      expect(listed.tokens.map((t) => t.symbol)).toEqual(['ETH', 'PTD', 'PTE'])
    })

    it('swaps 25 PTD for ETH on chain: allowance, approve, then the built swap', async () => {
      const visitor = await newVisitor()
      const amount = parseUnits('25', 6)
      const allowance = async () => {
        const res = await api.get(`/v1/convert/allowance?tokenAddress=${caip(ptd)}&userAddress=${visitor.caip}`)
        expect(res.status).toBe(200)
        return ConvertAllowanceResponseSchema.parse(res.body).allowance
      }
      expect(await allowance()).toBe('0')
      // before the approval the swap would fail, and the API says so instead of building it
      const early = await build({ from: caip(ptd), to: NATIVE, userAddress: visitor.caip, amount: amount.toString() })
      expect(early.status).toBe(400)
      expect(early.body.message).toMatch(/The swap would fail on eip155:31337/)

      const approve = await api.get(`/v1/convert/build-approve?from=${caip(ptd)}&to=${NATIVE}&userAddress=${visitor.caip}&amount=${amount}`)
      expect(approve.status).toBe(200)
      const approveTx = ConvertBuildApproveResponseSchema.parse(approve.body).tx
      expect(approveTx.to).toBe(caip(ptd))
      expect((await send(visitor, { ...approveTx, gas: approveTx.eip155.gas })).status).toBe('success')
      expect(await allowance()).toBe(amount.toString())

      const [q] = await quote(caip(ptd), NATIVE, amount)
      const res = await build({ from: caip(ptd), to: NATIVE, userAddress: visitor.caip, amount: amount.toString() })
      expect(res.status).toBe(200)
      const tx = ConvertBuildTransactionResponseSchema.parse(res.body).tx
      expect(tx.to).toBe(caip(uniswap.router))
      expect(tx.amount).toBe('0')
      // the calldata: exact input, the quote less 1 % as the minimum, the visitor as recipient, 20 minutes to run
      const call = decodeFunctionData({ abi: uniswapArtifacts.router.abi, data: tx.data as Hex })
      expect(call.functionName).toBe('swapExactTokensForETH')
      const [amountIn, minOut, path, recipient, deadline] = call.args as [bigint, bigint, Address[], Address, bigint]
      expect([amountIn, minOut, path, recipient]).toEqual([amount, (BigInt(q!.toAmount) * 99n) / 100n, [ptd, uniswap.weth], visitor.address])
      const chainNow = (await visitor.public.getBlock()).timestamp
      const wallNow = BigInt(Math.ceil(Date.now() / 1000))
      expect(deadline).toBeGreaterThanOrEqual(chainNow + 20n * 60n)
      expect(deadline).toBeLessThanOrEqual((chainNow > wallNow ? chainNow : wallNow) + 20n * 60n)
      const ethBefore = await visitor.public.getBalance({ address: visitor.address })
      const receipt = await send(visitor, { ...tx, value: tx.amount, gas: tx.eip155.gas })
      expect(receipt.status).toBe('success')
      const ethAfter = await visitor.public.getBalance({ address: visitor.address })
      expect(ethAfter - ethBefore + receipt.gasUsed * receipt.effectiveGasPrice).toBe(BigInt(q!.toAmount))
      expect(await balanceOf(visitor.address, ptd)).toBe(parseUnits('975', 6))
    })

    it('swaps ETH for PTE on chain, sending the value with the swap', async () => {
      const visitor = await newVisitor()
      const amount = parseEther('0.25')
      const [q] = await quote(NATIVE, caip(pte), amount)
      const res = await build({ from: NATIVE, to: caip(pte), userAddress: visitor.caip, amount: amount.toString(), eip155: { slippage: '1' } })
      expect(res.status).toBe(200)
      const tx = ConvertBuildTransactionResponseSchema.parse(res.body).tx
      expect(tx.amount).toBe(amount.toString())
      expect((await send(visitor, { ...tx, value: tx.amount, gas: tx.eip155.gas })).status).toBe('success')
      expect((await balanceOf(visitor.address, pte)).toString()).toBe(q!.toAmount)
    })

    it('enforces the 1 % slippage: a pool moved between quote and send makes the built swap revert, nothing lost', async () => {
      const visitor = await newVisitor()
      const amount = parseUnits('100', 6)
      const approve = await api.get(`/v1/convert/build-approve?from=${caip(ptd)}&to=${caip(pte)}&userAddress=${visitor.caip}`)
      const approveTx = ConvertBuildApproveResponseSchema.parse(approve.body).tx
      await send(visitor, { ...approveTx, gas: approveTx.eip155.gas })
      const res = await build({ from: caip(ptd), to: caip(pte), userAddress: visitor.caip, amount: amount.toString() })
      const tx = ConvertBuildTransactionResponseSchema.parse(res.body).tx

      // someone else buys PTE through both routes first: PTE costs more than 1 % more
      const whale = await newVisitor()
      const { wallet, public: client } = clientsFor(anvil.rpcUrl, anvil.chain, whale.key)
      const mint = await clientsFor(anvil.rpcUrl, anvil.chain, DEPLOYER).wallet.writeContract({ address: ptd, abi: testTokenAbi, functionName: 'mint', args: [whale.address, parseUnits('40000', 6)] })
      await client.waitForTransactionReceipt({ hash: mint, pollingInterval: 50 })
      await client.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: ptd, abi: testTokenAbi, functionName: 'approve', args: [uniswap.router, parseUnits('40000', 6)] }), pollingInterval: 50 })
      const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
      for (const path of [[ptd, pte], [ptd, uniswap.weth, pte]]) {
        const hash = await wallet.writeContract({ address: uniswap.router, abi: uniswapArtifacts.router.abi, functionName: 'swapExactTokensForTokens', args: [parseUnits('20000', 6), 0n, path, whale.address, deadline], gas: 300_000n })
        expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
      }

      const before = await balanceOf(visitor.address, pte)
      const receipt = await send(visitor, { ...tx, value: tx.amount, gas: tx.eip155.gas })
      expect(receipt.status).toBe('reverted')
      expect(await balanceOf(visitor.address, ptd)).toBe(parseUnits('1000', 6))
      expect(await balanceOf(visitor.address, pte)).toBe(before)
    })

    it('prices a token without a configured price from the pools, consistently with them', async () => {
      const res = await api.client.request(
        '/v1/fungible/price?st=appkit&sv=1',
        postJson({ currency: 'usd', projectId: 'portico-dev', addresses: [caip(pte), caip(uniswap.weth), caip(ptd), caip(lone)] }),
      )
      expect(res.status).toBe(200)
      const prices = Object.fromEntries(FungiblePriceResponseSchema.parse(res.body).fungibles.map((f) => [f.symbol, f]))
      expect(prices.PTD!.price).toBe(1)
      expect(prices.WETH!.price).toBe(3000)
      expect(prices.WETH!.decimals).toBe(18)
      // PTE against WETH: the pool's ETH per PTE at 3,000 USD (the earlier swaps moved it from 1.2)
      // getAmountsOut of a tiny trade is the mid price less the 0.3 % fee
      const ethPerPte = Number((await amountsOut(10n ** 12n, [pte, uniswap.weth]))[1]!) / 1e12
      expect(prices.PTE!.price).toBeGreaterThan(ethPerPte * 3000)
      expect(prices.PTE!.price).toBeLessThan((ethPerPte * 3000) / 0.99)
      expect(prices.LONE).toBeUndefined()
    })

    it('answers SPEC §8 errors for networks without an exchange or not served', async () => {
      const tokens = await api.get('/v1/convert/tokens?chainId=eip155:31338')
      expect(tokens.status).toBe(400)
      expect(tokens.body.message).toBe('Network not supported for Swaps')
      const quotes = await api.get(`/v1/convert/quotes?from=eip155:1:${ptd}&to=eip155:1:${NATIVE_TOKEN_PLACEHOLDER_ADDRESS}&amount=1&userAddress=eip155:1:${ptd}&gasPrice=1`)
      expect(quotes.status).toBe(400)
      expect(quotes.body.message).toBe('Network not supported for Swaps')
      const gas = await api.get('/v1/convert/gas-price?chainId=eip155:1')
      expect(gas.status).toBe(400)
      expect(gas.body.message).toBe('Network not supported for Gas Price')
      // a served chain without an exchange still has gas prices
      const served = await api.get('/v1/convert/gas-price?chainId=eip155:31338')
      expect(served.status).toBe(200)
      const price = ConvertGasPriceResponseSchema.parse(served.body)
      expect(BigInt(price.fast)).toBeGreaterThan(BigInt(price.standard))
    })

    it('refuses bad input with 400 and the reason', async () => {
      const user = caip(privateKeyToAccount(ANVIL_DEV_KEYS[0]).address)
      const decimal = await api.get(`/v1/convert/quotes?from=${caip(ptd)}&to=${NATIVE}&amount=1.5&userAddress=${user}&gasPrice=1`)
      expect(decimal.status).toBe(400)
      expect(decimal.body.message).toContain("amount must be a whole number of the token's smallest unit")
      const missing = await api.get(`/v1/convert/quotes?from=${caip(ptd)}&amount=1&userAddress=${user}&gasPrice=1`)
      expect(missing.status).toBe(400)
      expect(missing.body.reasons[0].name).toBe('to')
      const zero = await api.get(`/v1/convert/quotes?from=${caip(ptd)}&to=${NATIVE}&amount=0&userAddress=${user}&gasPrice=1`)
      expect(zero.body.message).toBe('amount must be more than 0')
      const huge = await build({ from: caip(ptd), to: NATIVE, userAddress: user, amount: '9'.repeat(78) })
      expect(huge.status).toBe(400)
      expect(huge.body.message).toBe('amount must fit in 256 bits')
      const same = await api.get(`/v1/convert/quotes?from=${caip(uniswap.weth)}&to=${NATIVE}&amount=1&userAddress=${user}&gasPrice=1`)
      expect(same.status).toBe(400)
      const notEvm = await api.get(`/v1/convert/allowance?tokenAddress=${CHAIN}:nothex&userAddress=${user}`)
      expect(notEvm.status).toBe(400)
      expect(notEvm.body.message).toMatch(/tokenAddress must be a CAIP-10 EVM address/)
      const slippage = await build({ from: caip(ptd), to: NATIVE, userAddress: user, amount: '1', eip155: { slippage: 80 } })
      expect(slippage.status).toBe(400)
      expect(slippage.body.message).toBe('eip155.slippage must be a percentage from 0 to 50')
      const native = await api.get(`/v1/convert/build-approve?from=${NATIVE}&to=${caip(ptd)}&userAddress=${user}`)
      expect(native.status).toBe(400)
      expect(native.body.message).toMatch(/needs no approval/)
      const body = await api.client.request('/v1/convert/build-transaction?st=appkit&sv=1', postJson({ projectId: 'portico-dev', amount: 'x' }))
      expect(body.status).toBe(400)
    })
  })
})
