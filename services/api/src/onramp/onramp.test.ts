import { createHash } from 'node:crypto'
import { ApiErrorSchema, HistoryResponseSchema, OnrampCheckoutResponseSchema, OnrampOptionsResponseSchema, OnrampProvidersResponseSchema, OnrampQuoteResponseSchema, OnrampUrlResponseSchema } from '@portico/contracts/api'
import { createPublicClient, http, parseUnits, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChainRuntimes } from '../chains.js'
import { type AnvilInstance, type TestApi, deployTestToken, startAnvil, startTestApi, testBackends } from '../testing/index.js'
import { testTokenAbi } from '../testing/erc20.js'
import { SANDBOX_3DS_CODE } from './cards.js'
import { DEFAULT_ONRAMP_PORT, SANDBOX_TREASURY_KEY, onrampSettings } from './config.js'
import { optionsFromEnv, unknownEnvWarnings } from '../env.js'
import { createOnrampSandbox } from './sandbox.js'
import { OnrampSettler } from './settler.js'
import { silentLogger } from '../config.js'

const PROJECT = 'onramp-test'
const QUERY = `projectId=${PROJECT}&st=portico&sv=test-1.0.0`
const TREASURY = privateKeyToAddress(SANDBOX_TREASURY_KEY)
const SUCCESS = '4242 4242 4242 4242'
const freshAddress = () => privateKeyToAddress(generatePrivateKey())

describe.each(testBackends())('onramp on the api [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'onramp', () => {
    let anvil: AnvilInstance
    let api: TestApi
    let ptd: Address
    let client: ReturnType<typeof createPublicClient>

    beforeAll(async () => {
      anvil = await startAnvil({ chainId: 31337 })
      // the treasury holds the token supply, as the dev stack's funding gives it
      ptd = (await deployTestToken({ rpcUrl: anvil.rpcUrl, chain: anvil.chain, holder: TREASURY, supply: '1000000' })).address
      client = createPublicClient({ transport: http(anvil.rpcUrl) })
      api = await startTestApi(backend, {
        chains: [
          {
            chainId: anvil.chainId,
            rpcUrl: anvil.rpcUrl,
            name: 'Anvil',
            nativePrices: { usd: 3000 },
            tokens: [{ address: ptd, name: 'Portico Test Dollar', symbol: 'PTD', decimals: 6, prices: { usd: 1 } }],
          },
        ],
        indexer: { enabled: false },
        projects: [{ id: PROJECT, allowedOrigins: ['*'] }],
        // settlement is driven by the tests (settleOnce), so each step is observable
        onramp: { settle: false },
      })
    }, 60_000)
    afterAll(async () => {
      await api?.close()
      await anvil?.stop()
    })

    const get = (path: string) => api.client.request(`${path}${path.includes('?') ? '&' : '?'}${QUERY}`)
    const post = (path: string, body: unknown) =>
      api.client.request(`${path}?${QUERY}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const reason = (res: { status: number; body: unknown }, status: number) => {
      expect(res.status).toBe(status)
      return ApiErrorSchema.parse(res.body).reasons[0]!.description
    }
    const quote = (amount: unknown, extra: Record<string, unknown> = {}) =>
      post('/v1/onramp/quote', { purchaseCurrency: { id: 'ETH' }, paymentCurrency: { id: 'USD' }, amount, network: 'anvil', ...extra })
    const checkout = async (address: Address, asset = 'ETH') => {
      const res = await post('/v1/generators/onrampurl', {
        destinationWallets: [{ address, blockchains: ['anvil'], assets: [asset] }],
        defaultNetwork: 'anvil',
        partnerUserId: 'user-1',
        defaultExperience: 'buy',
        presetFiatAmount: 50,
      })
      expect(res.status).toBe(200)
      return OnrampUrlResponseSchema.parse(res.body)
    }
    /** A request to the sandbox provider's site (its own listener and origin, not the api's). */
    const sandbox = (path: string, init?: RequestInit) => api.server.onrampSandbox!.app.request(path, init)
    /** Posts the checkout form like a browser (form encoding, no script). */
    const pay = (checkoutId: string, fields: Record<string, string>) =>
      sandbox(`/onramp/checkout/${checkoutId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'pay', amount: '50.00', currency: 'USD', expiry: '12/40', cvc: '123', ...fields }).toString(),
      })
    const status = async (checkoutId: string) => OnrampCheckoutResponseSchema.parse((await get(`/v1/onramp/checkouts/${checkoutId}`)).body)
    const ethBalance = (address: Address) => client.getBalance({ address })
    const ptdBalance = (address: Address) => client.readContract({ address: ptd, abi: testTokenAbi, functionName: 'balanceOf', args: [address] }) as Promise<bigint>

    it('behavior: options list ETH and PTD on the chain and USD, EUR with the card and bank limits', async () => {
      const res = await get('/v1/onramp/options')
      expect(res.status).toBe(200)
      const options = OnrampOptionsResponseSchema.parse(res.body)
      expect(options.purchaseCurrencies.map((c) => c.id)).toEqual(['ETH', 'PTD'])
      expect(options.purchaseCurrencies[1]!.networks).toEqual([{ name: 'anvil', display_name: 'Anvil', chain_id: '31337', contract_address: ptd.toLowerCase() }])
      expect(options.paymentCurrencies).toEqual(
        ['USD', 'EUR'].map((id) => ({ id, payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'ach_bank_account', min: '10.00', max: '25000.00' }] })),
      )
    })

    it('behavior: providers are a list with label, name, feeRange, url and the served chains', async () => {
      const res = await get('/v1/onramp/providers')
      expect(OnrampProvidersResponseSchema.parse(res.body).providers).toEqual([
        // the sandbox's own origin (default port 4340 until it listens), never the api's
        { label: 'Portico Sandbox', name: 'sandbox', feeRange: '1-2%', url: 'http://localhost:4340', supportedChains: ['eip155:31337'] },
      ])
    })

    it('behavior: a quote takes the fees off the amount and prices the rest exactly', async () => {
      const res = await quote(50)
      expect(res.status).toBe(200)
      const q = OnrampQuoteResponseSchema.parse(res.body)
      expect({ ...q, quoteId: undefined }).toEqual({
        coinbaseFee: { amount: '0.75', currency: 'USD' },
        networkFee: { amount: '0.10', currency: 'USD' },
        paymentSubtotal: { amount: '49.15', currency: 'USD' },
        paymentTotal: { amount: '50.00', currency: 'USD' },
        purchaseAmount: { amount: '0.01638333', currency: 'ETH' },
        quoteId: undefined,
      })
      expect(q.quoteId).toMatch(/^[0-9a-f-]{36}$/)
      const ptdQuote = OnrampQuoteResponseSchema.parse((await quote('100.00', { purchaseCurrency: { id: 'PTD' }, network: 'eip155:31337' })).body)
      expect(ptdQuote.purchaseAmount).toEqual({ amount: '98.4', currency: 'PTD' })
      const eur = OnrampQuoteResponseSchema.parse((await quote('10', { paymentCurrency: { id: 'EUR' } })).body)
      expect([eur.coinbaseFee?.amount, eur.networkFee.amount, eur.paymentSubtotal.amount]).toEqual(['0.15', '0.09', '9.76'])
      // the limits themselves are allowed
      expect((await quote('10.00')).status).toBe(200)
      expect((await quote('7500.00')).status).toBe(200)
      expect((await quote('25000', { paymentMethod: 'ach_bank_account' })).status).toBe(200)
    })

    it('error: amounts beyond the limits, unknown currencies, networks and malformed bodies are 400s that say why', async () => {
      expect(reason(await quote('9.99'), 400)).toBe('The amount must be between 10.00 and 7500.00 USD when paying by card.')
      expect(reason(await quote('7500.01'), 400)).toBe('The amount must be between 10.00 and 7500.00 USD when paying by card.')
      expect(reason(await quote('25000.01', { paymentMethod: 'ach_bank_account' }), 400)).toContain('between 10.00 and 25000.00 USD')
      expect(reason(await quote('50.001'), 400)).toContain('at most 2 decimals')
      expect(reason(await quote('1e3'), 400)).toContain('Invalid amount')
      expect(reason(await quote(-5), 400)).toBeTruthy()
      expect(reason(await quote('50', { paymentMethod: 'paypal' }), 400)).toContain('Unknown payment method "paypal"')
      expect(reason(await quote('50', { network: 'solana' }), 400)).toBe('Unknown network "solana": expected one of anvil')
      expect(reason(await quote('50', { purchaseCurrency: { id: 'BTC' } }), 400)).toBe('BTC cannot be bought on anvil: expected one of ETH, PTD')
      expect(reason(await quote('50', { paymentCurrency: { id: 'JPY' } }), 400)).toBe('Unsupported payment currency "JPY": expected USD or EUR')
      expect((await post('/v1/onramp/quote', { amount: 50 })).status).toBe(400)
      const raw = await api.server.app.request(`/v1/onramp/quote?${QUERY}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"amount":' })
      expect(raw.status).toBe(400)
      expect((await api.client.request('/v1/onramp/options')).status).toBe(400)
      expect((await api.client.request('/v1/onramp/options?projectId=nope&st=a&sv=b')).status).toBe(401)
    })

    it('error: onrampurl refuses a bad wallet, an asset not sold and missing fields', async () => {
      const body = { destinationWallets: [{ address: freshAddress(), assets: ['ETH'] }], defaultNetwork: 'anvil', partnerUserId: 'u' }
      expect(reason(await post('/v1/generators/onrampurl', { ...body, destinationWallets: [{ address: 'bob' }] }), 400)).toContain('Invalid address')
      expect(reason(await post('/v1/generators/onrampurl', { ...body, destinationWallets: [] }), 400)).toContain('at least one wallet')
      expect(reason(await post('/v1/generators/onrampurl', { ...body, destinationWallets: [{ address: freshAddress(), assets: ['DOGE'] }] }), 400)).toContain('DOGE cannot be bought')
      expect(reason(await post('/v1/generators/onrampurl', { ...body, partnerUserId: undefined }), 400)).toBeTruthy()
      expect(reason(await post('/v1/generators/onrampurl', { ...body, provider: 'coinbase' }), 400)).toContain('Unknown onramp provider "coinbase"')
      expect(reason(await post('/v1/generators/onrampurl', { ...body, defaultNetwork: undefined }), 400)).toContain('defaultNetwork is required')
      expect((await get('/v1/onramp/checkouts/doesnotexist')).status).toBe(404)
      expect((await get('/v1/onramp/checkouts/a')).status).toBe(400)
    })

    it('behavior: a checkout page is served with a strict CSP, the test cards and the preset amount', async () => {
      const { url, checkoutId } = await checkout(freshAddress())
      expect(url).toBe(`http://localhost:4340/onramp/checkout/${checkoutId}`)
      // the api itself serves no checkout page
      expect((await api.server.app.request(new URL(url).pathname)).status).toBe(404)
      const res = await sandbox(new URL(url).pathname)
      expect(res.status).toBe(200)
      const csp = res.headers.get('content-security-policy')!
      for (const directive of ["default-src 'none'", "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'"]) expect(csp).toContain(directive)
      expect(csp).not.toContain('script-src')
      expect(csp).not.toContain('unsafe-inline')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('cache-control')).toBe('no-store')
      const html = await res.text()
      // the one stylesheet is the one the CSP's hash allows, and nothing uses a style attribute (a hash does not cover those)
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!)
      expect(styles).toHaveLength(1)
      expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`)
      expect(html).not.toMatch(/\sstyle=/)
      expect(html).not.toContain('<script')
      expect(html).toContain('value="50.00"')
      expect(html).toContain('4242 4242 4242 4242')
      expect(html).toContain('<label for="number">Card number</label>')
      // the preset amount is priced at once
      expect(html).toContain('data-testid="checkout-receive">0.01638333 ETH</dd>')
      expect((await status(checkoutId!)).purchase).toBeNull()
      expect((await sandbox('/onramp/checkout/unknown-checkout')).status).toBe(404)
    })

    it('behavior: the success card pays, settlement delivers the quoted ETH once, history with onramp lists it', async () => {
      const buyer = freshAddress()
      const { checkoutId } = await checkout(buyer)
      const res = await pay(checkoutId!, { number: SUCCESS })
      expect(res.status).toBe(303)
      const paid = await status(checkoutId!)
      expect(paid.purchase).toMatchObject({ status: 'paid', paymentTotal: { amount: '50.00', currency: 'USD' }, purchaseAmount: { amount: '0.01638333', currency: 'ETH' }, txHash: null })
      expect(await ethBalance(buyer)).toBe(0n)
      expect(await api.server.onramp!.settler.settleOnce()).toBe(1)
      const done = await status(checkoutId!)
      expect(done.purchase?.status).toBe('completed')
      expect(await ethBalance(buyer)).toBe(parseUnits('0.01638333', 18))
      // nothing left to settle: a second pass changes nothing
      expect(await api.server.onramp!.settler.settleOnce()).toBe(0)
      expect(await ethBalance(buyer)).toBe(parseUnits('0.01638333', 18))
      const history = HistoryResponseSchema.parse((await get(`/v1/account/${buyer}/history?onramp=true`)).body)
      expect(history.data).toHaveLength(1)
      expect(history.data[0]!.metadata).toMatchObject({ operationType: 'receive', hash: done.purchase!.txHash, status: 'confirmed', sentTo: buyer, application: { name: 'Portico Sandbox' } })
      expect(history.data[0]!.transfers).toEqual([expect.objectContaining({ direction: 'in', quantity: { numeric: '0.01638333' }, fungible_info: expect.objectContaining({ symbol: 'ETH' }) })])
      const receipt = await client.getTransactionReceipt({ hash: done.purchase!.txHash as `0x${string}` })
      expect(receipt.from.toLowerCase()).toBe(TREASURY.toLowerCase())
      // a paid checkout cannot be paid again
      const again = await pay(checkoutId!, { number: SUCCESS })
      expect(again.status).toBe(422)
      expect(await again.text()).toContain('This checkout is already paid')
      // and the page now shows the purchase
      const page = await sandbox(`/onramp/checkout/${checkoutId}`)
      expect(page.status).toBe(303)
      expect(await (await sandbox(page.headers.get('location')!)).text()).toContain('Purchase complete')
    })

    it('behavior: PTD is delivered as a token transfer', async () => {
      const buyer = freshAddress()
      const { checkoutId } = await checkout(buyer, 'PTD')
      expect((await pay(checkoutId!, { number: SUCCESS, amount: '20' })).status).toBe(303)
      await api.server.onramp!.settler.settleOnce()
      expect((await status(checkoutId!)).purchase).toMatchObject({ status: 'completed', purchaseAmount: { amount: '19.6', currency: 'PTD' } })
      expect(await ptdBalance(buyer)).toBe(parseUnits('19.6', 6))
    })

    it('error: declined and insufficient-funds cards are recorded with the provider message and deliver nothing', async () => {
      const buyer = freshAddress()
      const { checkoutId } = await checkout(buyer)
      const declined = await pay(checkoutId!, { number: '4000 0000 0000 0002' })
      expect(declined.status).toBe(422)
      expect(await declined.text()).toContain('Your card was declined.')
      expect((await status(checkoutId!)).purchase).toMatchObject({ status: 'declined', error: 'Your card was declined.' })
      const poor = await pay(checkoutId!, { number: '4000000000009995' })
      expect(await poor.text()).toContain('Your card has insufficient funds.')
      expect((await status(checkoutId!)).purchase).toMatchObject({ status: 'declined', error: 'Your card has insufficient funds.' })
      await api.server.onramp!.settler.settleOnce()
      expect(await ethBalance(buyer)).toBe(0n)
      expect(HistoryResponseSchema.parse((await get(`/v1/account/${buyer}/history?onramp=1`)).body).data).toEqual([])
      // form errors record nothing
      for (const [fields, message] of [
        [{ number: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
        [{ number: '5555 5555 5555 4444' }, 'This is not a sandbox test card'],
        [{ number: SUCCESS, expiry: '01/20' }, 'Your card has expired.'],
        [{ number: SUCCESS, cvc: '12' }, 'security code is invalid'],
        [{ number: SUCCESS, amount: '5' }, 'The amount must be between 10.00 and 7500.00 USD'],
        [{ number: SUCCESS, amount: '7600' }, 'The amount must be between 10.00 and 7500.00 USD'],
      ] as const) {
        const res = await pay(checkoutId!, fields)
        expect(res.status).toBe(422)
        expect(await res.text()).toContain(message.replace('’', '&#8217;').replace("'", '&#39;'))
      }
      expect((await status(checkoutId!)).purchase?.error).toBe('Your card has insufficient funds.')
      // after a decline, the success card still pays
      expect((await pay(checkoutId!, { number: SUCCESS })).status).toBe(303)
      expect((await status(checkoutId!)).purchase?.status).toBe('paid')
      await api.server.onramp!.settler.settleOnce()
    })

    it('behavior: the 3-D Secure card asks for a code; a wrong one declines, the right one pays', async () => {
      const { checkoutId } = await checkout(freshAddress())
      const res = await pay(checkoutId!, { number: '4000 0000 0000 3220' })
      expect(res.status).toBe(303)
      const verify = res.headers.get('location')!
      expect(verify).toMatch(/\/verify$/)
      expect(await (await sandbox(verify)).text()).toContain(`the code is ${SANDBOX_3DS_CODE}`)
      expect((await status(checkoutId!)).purchase?.status).toBe('authenticating')
      const code = (value: string) => sandbox(verify, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `code=${value}` })
      await code('000000')
      expect((await status(checkoutId!)).purchase).toMatchObject({ status: 'declined', error: 'The verification code was wrong, so your card was not charged.' })
      await pay(checkoutId!, { number: '4000000000003220' })
      const purchaseId = (await status(checkoutId!)).purchase!.id
      await sandbox(`/onramp/purchases/${purchaseId}/verify`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `code=${SANDBOX_3DS_CODE}` })
      expect((await status(checkoutId!)).purchase?.status).toBe('paid')
      await api.server.onramp!.settler.settleOnce()
      expect((await status(checkoutId!)).purchase?.status).toBe('completed')
    })

    it('behavior: three settlers racing over five purchases deliver each exactly once', async () => {
      const buyers = Array.from({ length: 5 }, () => freshAddress())
      const checkouts = await Promise.all(buyers.map((b) => checkout(b)))
      for (const c of checkouts) expect((await pay(c.checkoutId!, { number: SUCCESS, amount: '30' })).status).toBe(303)
      const nonceBefore = await client.getTransactionCount({ address: TREASURY })
      const chains = createChainRuntimes([{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }], 5_000)
      // a second replica's settlers: the same database, their own RPC clients
      const others = [0, 1].map((i) => new OnrampSettler(api.server.db, chains, { treasuryKey: SANDBOX_TREASURY_KEY, logger: silentLogger, now: () => new Date(), id: `other-${i}` }))
      const claimed = await Promise.all([api.server.onramp!.settler.settleOnce(), ...others.map((s) => s.settleOnce())])
      expect(claimed.reduce((a, b) => a + b, 0)).toBe(5)
      const statuses = await Promise.all(checkouts.map((c) => status(c.checkoutId!)))
      expect(statuses.map((s) => s.purchase?.status)).toEqual(Array(5).fill('completed'))
      expect(new Set(statuses.map((s) => s.purchase?.txHash)).size).toBe(5)
      for (const b of buyers) expect(await ethBalance(b)).toBe(parseUnits('0.00981666', 18))
      expect(await client.getTransactionCount({ address: TREASURY })).toBe(nonceBefore + 5)
    })

    it('behavior: a settler that stops after signing is resumed by the next one, and the purchase completes once', async () => {
      const buyer = freshAddress()
      const { checkoutId } = await checkout(buyer)
      await pay(checkoutId!, { number: SUCCESS })
      const chains = createChainRuntimes([{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }], 5_000)
      const crashing = new OnrampSettler(api.server.db, chains, {
        treasuryKey: SANDBOX_TREASURY_KEY,
        logger: silentLogger,
        now: () => new Date(),
        beforeBroadcast: () => {
          throw new Error('killed')
        },
      })
      await expect(crashing.settleOnce()).rejects.toThrow('killed')
      const signed = await status(checkoutId!)
      expect(signed.purchase?.status).toBe('settling')
      expect(signed.purchase?.txHash).toMatch(/^0x[0-9a-f]{64}$/)
      expect(await ethBalance(buyer)).toBe(0n)
      const nonceBefore = await client.getTransactionCount({ address: TREASURY })
      // "restarted": a fresh settler finds the stored transfer and sends that one, not a new one
      const restarted = new OnrampSettler(api.server.db, chains, { treasuryKey: SANDBOX_TREASURY_KEY, logger: silentLogger, now: () => new Date() })
      expect(await restarted.settleOnce()).toBe(0)
      expect((await status(checkoutId!)).purchase).toMatchObject({ status: 'completed', txHash: signed.purchase!.txHash })
      await restarted.settleOnce()
      await api.server.onramp!.settler.settleOnce()
      expect(await ethBalance(buyer)).toBe(parseUnits('0.01638333', 18))
      expect(await client.getTransactionCount({ address: TREASURY })).toBe(nonceBefore + 1)
    })

    it('error: the sandbox answers unknown pages, oversized forms and NUL with its own HTML pages under the same CSP', async () => {
      for (const [path, init, status, text] of [
        ['/nope', undefined, 404, 'There is no such page'],
        ['/onramp/purchases/unknown-purchase', undefined, 404, 'Unknown purchase.'],
        ['/onramp/checkout/%00abcdefgh', undefined, 400, 'This address is not valid.'],
        ['/onramp/checkout/whatever1', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `amount=${'1'.repeat(20_000)}` }, 413, 'The form is larger than 16384 bytes.'],
      ] as const) {
        const res = await sandbox(path, init)
        expect(res.status, path).toBe(status)
        expect(res.headers.get('content-type')).toContain('text/html')
        expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
        expect(await res.text()).toContain(text)
      }
      expect(await (await sandbox('/')).text()).toContain('Test cards only, no real money.')
    })

    it('behavior: the sandbox listens on a port of its own; links then name that origin, unless one is configured', async () => {
      const server = api.server.onrampSandbox!
      const { port } = await server.listen(0)
      try {
        expect(server.url).toBe(`http://localhost:${port}`)
        const { url } = await checkout(freshAddress())
        expect(url.startsWith(`http://localhost:${port}/onramp/checkout/`)).toBe(true)
        expect(OnrampProvidersResponseSchema.parse((await get('/v1/onramp/providers')).body).providers[0]!.url).toBe(`http://localhost:${port}`)
        // a real browser request over the socket, on 127.0.0.1 (the listener's address)
        const res = await fetch(url.replace('localhost', '127.0.0.1'))
        expect(res.status).toBe(200)
        expect(await res.text()).toContain('data-testid="checkout-pay"')
      } finally {
        await server.close()
      }
      const configured = createOnrampSandbox(api.server.onramp!, silentLogger, 'https://pay.example.com')
      await configured.listen(0)
      try {
        expect(configured.url).toBe('https://pay.example.com')
      } finally {
        await configured.close()
      }
    })
  })
})

describe('onramp sandbox configuration', () => {
  it('behavior: PORTICO_ONRAMP_PORT and PORTICO_ONRAMP_PUBLIC_URL configure the sandbox beside the api', () => {
    expect(optionsFromEnv({}).onrampPort).toBe(DEFAULT_ONRAMP_PORT)
    expect(DEFAULT_ONRAMP_PORT).toBe(4340)
    const { onrampPort, options } = optionsFromEnv({ PORTICO_ONRAMP_PORT: '5340', PORTICO_ONRAMP_PUBLIC_URL: 'https://pay.example.com/', PORTICO_API_ONRAMP_TREASURY_KEY: SANDBOX_TREASURY_KEY })
    expect(onrampPort).toBe(5340)
    expect(options.onramp).toEqual({ publicUrl: 'https://pay.example.com/', treasuryKey: SANDBOX_TREASURY_KEY })
    expect(onrampSettings(options.onramp).publicUrl).toBe('https://pay.example.com')
    expect(optionsFromEnv({}).options.onramp).toBeUndefined()
    expect(unknownEnvWarnings({ PORTICO_ONRAMP_PORT: '4340', PORTICO_ONRAMP_PUBLIC_URL: 'http://localhost:4340' })).toEqual([])
  })

  it('error: a bad port or public URL is refused with the variable named', () => {
    expect(() => optionsFromEnv({ PORTICO_ONRAMP_PORT: 'x' })).toThrow('PORTICO_ONRAMP_PORT: invalid port x')
    expect(() => optionsFromEnv({ PORTICO_ONRAMP_PORT: '70000' })).toThrow('PORTICO_ONRAMP_PORT: invalid port 70000')
    expect(() => optionsFromEnv({ PORTICO_ONRAMP_PUBLIC_URL: 'pay.example.com' })).toThrow('PORTICO_ONRAMP_PUBLIC_URL: expected an http(s) origin')
    expect(() => optionsFromEnv({ PORTICO_ONRAMP_PUBLIC_URL: 'https://pay.example.com/checkout' })).toThrow('PORTICO_ONRAMP_PUBLIC_URL: expected an http(s) origin')
    expect(() => onrampSettings({ publicUrl: 'javascript:alert(1)' })).toThrow('onramp.publicUrl: expected an http(s) origin')
  })
})
