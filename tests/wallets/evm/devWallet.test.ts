import { createPublicClient, http, numberToHex, parseEther, stringToHex, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS, startAnvil, type Anvil } from '../../anvil/index.js'
import { announceDevWallet, createDevWallet, DEV_WALLET_INFO, type DevWallet } from './index.js'

let chainA: Anvil
let chainB: Anvil
let wallet: DevWallet

beforeAll(async () => {
  ;[chainA, chainB] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
})
afterAll(async () => {
  await Promise.all([chainA?.stop(), chainB?.stop()])
})
beforeEach(() => {
  wallet = createDevWallet({ rpcUrls: { 31337: chainA.url, 31338: chainB.url } })
})

const [alice, bob] = ANVIL_ACCOUNTS

function events(w: DevWallet, name: string) {
  const seen: unknown[] = []
  w.on(name, (payload: unknown) => seen.push(payload))
  return seen
}

const errorOf = (p: Promise<unknown>) => p.then(() => expect.fail('expected the request to fail'), (e) => e as { code: number; message: string })

describe('dev wallet: accounts', () => {
  it('behavior: no accounts until the visitor approves, then both dev accounts and an accountsChanged event', async () => {
    const changed = events(wallet, 'accountsChanged')
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
    expect(await wallet.request({ method: 'eth_requestAccounts' })).toEqual([alice.address, bob.address])
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([alice.address, bob.address])
    expect(changed).toEqual([[alice.address, bob.address]])
  })

  it('error: a rejected connection is EIP-1193 error 4001 and authorises nothing', async () => {
    wallet.setMode('reject')
    const error = await errorOf(wallet.request({ method: 'eth_requestAccounts' }))
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('error: fail mode answers prompts with -32603', async () => {
    wallet.setMode('fail')
    expect(await errorOf(wallet.request({ method: 'eth_requestAccounts' }))).toMatchObject({ code: -32603 })
  })

  it('behavior: revoking permissions and disconnecting drop the authorisation and notify', async () => {
    await wallet.request({ method: 'eth_requestAccounts' })
    const changed = events(wallet, 'accountsChanged')
    await wallet.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(changed).toEqual([[]])
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])

    await wallet.request({ method: 'eth_requestAccounts' })
    const disconnects = events(wallet, 'disconnect')
    wallet.disconnect()
    expect(disconnects).toHaveLength(1)
    expect(disconnects[0]).toMatchObject({ code: 4900 })
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('behavior: authorisation and chain persist in the given storage', async () => {
    const map = new Map<string, string>()
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) }
    const first = createDevWallet({ rpcUrls: { 31337: chainA.url, 31338: chainB.url }, storage })
    await first.request({ method: 'eth_requestAccounts' })
    await first.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(31338) }] })
    const again = createDevWallet({ rpcUrls: { 31337: chainA.url, 31338: chainB.url }, storage })
    expect(await again.request({ method: 'eth_accounts' })).toEqual([alice.address, bob.address])
    expect(await again.request({ method: 'eth_chainId' })).toBe(numberToHex(31338))
  })

  it('error: signing before authorisation is 4100', async () => {
    const error = await errorOf(wallet.request({ method: 'personal_sign', params: [stringToHex('hi'), alice.address] }))
    expect(error.code).toBe(4100)
  })
})

describe('dev wallet: signing and sending', () => {
  beforeEach(async () => {
    await wallet.request({ method: 'eth_requestAccounts' })
  })

  it('behavior: personal_sign signs with the dev key (verified by viem)', async () => {
    const signature = (await wallet.request({ method: 'personal_sign', params: [stringToHex('hello portico'), alice.address] })) as Hex
    expect(await verifyMessage({ address: alice.address, message: 'hello portico', signature })).toBe(true)
    const bobs = (await wallet.request({ method: 'personal_sign', params: [stringToHex('hello portico'), bob.address.toLowerCase()] })) as Hex
    expect(await verifyMessage({ address: bob.address, message: 'hello portico', signature: bobs })).toBe(true)
  })

  it('error: a rejected signature is 4001', async () => {
    wallet.setMode('reject')
    expect(await errorOf(wallet.request({ method: 'personal_sign', params: [stringToHex('x'), alice.address] }))).toMatchObject({ code: 4001 })
    wallet.setMode('approve')
    await expect(wallet.request({ method: 'personal_sign', params: [stringToHex('x'), alice.address] })).resolves.toMatch(/^0x/)
  })

  it('behavior: eth_signTypedData_v4 signs EIP-712 data (verified by viem)', async () => {
    const typedData = {
      domain: { name: 'Portico', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Greeting: [
          { name: 'text', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Greeting',
      message: { text: 'hi', amount: '1000000000000000000000' },
    } as const
    const signature = (await wallet.request({ method: 'eth_signTypedData_v4', params: [alice.address, JSON.stringify(typedData)] })) as Hex
    const valid = await verifyTypedData({
      address: alice.address,
      domain: typedData.domain,
      types: { Greeting: typedData.types.Greeting },
      primaryType: 'Greeting',
      message: { text: 'hi', amount: 10n ** 21n },
      signature,
    })
    expect(valid).toBe(true)
  })

  it('behavior: eth_sendTransaction signs locally, fills nonce, gas and fees, and moves real ETH', async () => {
    const client = createPublicClient({ transport: http(chainA.url) })
    const to = '0x000000000000000000000000000000000000dEaD'
    const before = await client.getBalance({ address: to })
    const hash = (await wallet.request({
      method: 'eth_sendTransaction',
      params: [{ from: alice.address, to, value: numberToHex(parseEther('0.01')), chainId: numberToHex(31337) }],
    })) as Hex
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(alice.address.toLowerCase())
    expect((await client.getBalance({ address: to })) - before).toBe(parseEther('0.01'))
    // a second one right after gets the next nonce
    const second = (await wallet.request({ method: 'eth_sendTransaction', params: [{ from: alice.address, to, value: '0x1' }] })) as Hex
    expect((await client.waitForTransactionReceipt({ hash: second })).status).toBe('success')
  })

  it('error: a transaction for another chain than the wallet is on is refused', async () => {
    const error = await errorOf(
      wallet.request({ method: 'eth_sendTransaction', params: [{ from: alice.address, to: bob.address, value: '0x1', chainId: numberToHex(31338) }] }),
    )
    expect(error.code).toBe(-32602)
  })

  it('behavior: wallet_getCapabilities declares calls as non-atomic; wallet_sendCalls runs them and reports their status', async () => {
    const capabilities = (await wallet.request({ method: 'wallet_getCapabilities', params: [alice.address] })) as Record<string, unknown>
    expect(capabilities[numberToHex(31337)]).toEqual({ atomic: { status: 'unsupported' } })
    const { id } = (await wallet.request({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', from: alice.address, chainId: numberToHex(31337), atomicRequired: false, calls: [{ to: bob.address, value: '0x1' }, { to: bob.address, value: '0x2' }] }],
    })) as { id: string }
    // EIP-5792: the batch is pending (100) until its transactions are mined, which under load may take a moment
    const read = async () => (await wallet.request({ method: 'wallet_getCallsStatus', params: [id] })) as { status: number; receipts: unknown[] }
    let status = await read()
    for (let i = 0; status.status === 100 && i < 50; i++) {
      await new Promise((r) => setTimeout(r, 100))
      status = await read()
    }
    expect(status.status).toBe(200)
    expect(status.receipts).toHaveLength(2)
  })
})

describe('dev wallet: chains', () => {
  it('behavior: switching between the two local chains emits chainChanged and reads follow the chain', async () => {
    const changed = events(wallet, 'chainChanged')
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a69')
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(31338) }] })
    expect(changed).toEqual(['0x7a6a'])
    // forwarded to the second anvil, which reports its own chain id
    expect(await wallet.request({ method: 'eth_getBalance', params: [alice.address, 'latest'] })).toMatch(/^0x/)
    expect(await wallet.request({ method: 'eth_blockNumber' })).toMatch(/^0x/)
    expect(wallet.requests.map((r) => r.method)).toContain('eth_blockNumber')
  })

  it('error: switching to an unknown chain is 4902; after wallet_addEthereumChain the switch works', async () => {
    const error = await errorOf(wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(31339) }] }))
    expect(error.code).toBe(4902)
    await wallet.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: numberToHex(31339), chainName: 'Other', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: [chainB.url] }],
    })
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(31339) }] })
    expect(wallet.chainId).toBe(31339)
  })

  it('behavior: moveToChain emits chainChanged even for a chain without RPC, whose reads then fail with 4901', async () => {
    const changed = events(wallet, 'chainChanged')
    wallet.moveToChain(999)
    expect(changed).toEqual(['0x3e7'])
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x3e7')
    expect(await errorOf(wallet.request({ method: 'eth_blockNumber' }))).toMatchObject({ code: 4901 })
  })

  it('behavior: an RPC error from the chain reaches the caller with its code', async () => {
    const error = await errorOf(wallet.request({ method: 'eth_definitelyNotAMethod' }))
    expect(typeof error.code).toBe('number')
  })

  it('behavior: removeListener stops events', () => {
    const seen: unknown[] = []
    const listener = (id: unknown) => seen.push(id)
    wallet.on('chainChanged', listener)
    wallet.removeListener('chainChanged', listener)
    wallet.moveToChain(31338)
    expect(seen).toEqual([])
    expect(wallet.listenerCount('chainChanged')).toBe(0)
  })
})

describe('dev wallet: EIP-6963', () => {
  it('behavior: announces itself with its info and again on every eip6963:requestProvider', () => {
    const target = new EventTarget()
    const seen: CustomEvent[] = []
    target.addEventListener('eip6963:announceProvider', (e) => seen.push(e as CustomEvent))
    const stop = announceDevWallet(wallet, {}, target)
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(2)
    const { info, provider } = seen[0]!.detail
    expect(provider).toBe(wallet)
    expect(info).toMatchObject({ name: 'Portico Dev Wallet', rdns: 'dev.portico.wallet' })
    expect(info.icon).toBe(DEV_WALLET_INFO.icon)
    expect(info.icon.startsWith('data:image/svg+xml,')).toBe(true)
    expect(info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    stop()
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(2)
  })
})
