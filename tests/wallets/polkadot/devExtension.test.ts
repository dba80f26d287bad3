import { signatureVerify } from '@polkadot/util-crypto'
import { stringToHex } from '@polkadot/util'
import { describe, expect, it } from 'vitest'
import { createPolkadotDevWallet, injectPolkadotDevWallet, POLKADOT_DEV_WALLET_KEY } from './devExtension.js'

type Injected = {
  accounts: { get(): Promise<{ address: string; name: string }[]>; subscribe(cb: (a: unknown[]) => void): () => void }
  signer: { signRaw(p: { address: string; data: string; type: 'bytes' }): Promise<{ signature: string }> }
}

function memory() {
  const map = new Map<string, string>()
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) }
}

describe('Polkadot Dev Wallet extension', () => {
  it('behavior: enable asks once, then lists //Alice and //Bob and signs <Bytes>-wrapped data that signatureVerify accepts', async () => {
    const wallet = createPolkadotDevWallet()
    const injected = (await wallet.entry.enable('test')) as Injected
    expect((await injected.accounts.get()).map((a) => [a.name, a.address])).toEqual([
      ['Alice', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'],
      ['Bob', '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty'],
    ])
    const { signature } = await injected.signer.signRaw({ address: wallet.addresses[1]!, data: stringToHex('hi'), type: 'bytes' })
    expect(signatureVerify('hi', signature, wallet.addresses[1]!).isValid).toBe(true)
    expect(signatureVerify('hi', signature, wallet.addresses[0]!).isValid).toBe(false)
  })

  it('behavior: reject mode refuses authorisation and signing; authorisation persists in its storage', async () => {
    const storage = memory()
    const wallet = createPolkadotDevWallet({ storage })
    wallet.setMode('reject')
    await expect(wallet.entry.enable('test')).rejects.toMatchObject({ message: 'Rejected', code: 4001 })
    wallet.setMode('approve')
    const injected = (await wallet.entry.enable('test')) as Injected
    wallet.setMode('reject')
    await expect(injected.signer.signRaw({ address: wallet.addresses[0]!, data: '0x00', type: 'bytes' })).rejects.toMatchObject({ message: 'Cancelled' })
    // a new page: the extension still allows the site, without a prompt even in reject mode
    const reloaded = createPolkadotDevWallet({ storage })
    reloaded.setMode('reject')
    await expect(reloaded.entry.enable('test')).resolves.toBeDefined()
    expect(reloaded.requests).toEqual([{ method: 'enable', origin: 'test', outcome: 'approved' }])
  })

  it('behavior: subscribers hear of a disconnect (no accounts) and of new accounts; injecting puts it under its key', async () => {
    const wallet = createPolkadotDevWallet()
    const injected = (await wallet.entry.enable('test')) as Injected
    const heard: number[] = []
    injected.accounts.subscribe((list) => heard.push(list.length))
    await Promise.resolve()
    wallet.setAccounts(['//Charlie'])
    wallet.disconnect()
    expect(heard).toEqual([2, 1, 0])
    const target: { injectedWeb3?: Record<string, unknown> } = {}
    const remove = injectPolkadotDevWallet(wallet, target)
    expect(target.injectedWeb3?.[POLKADOT_DEV_WALLET_KEY]).toBe(wallet.entry)
    remove()
    expect(target.injectedWeb3).toEqual({})
  })
})
