// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { readConfig, withQuery, evmOptions, demoNetworkIds, embeddedWalletOptions } from '../../../hosts/demo/src/config.ts'

const page = 'http://localhost:4300/'
afterEach(() => document.head.querySelectorAll('meta').forEach((m) => m.remove()))

function meta(content: string) {
  const m = document.createElement('meta')
  m.name = 'portico-config'
  m.content = content
  document.head.append(m)
}

describe('demo config', () => {
  it('behavior: defaults, then the server meta tag, then the query', () => {
    expect(readConfig(page)).toMatchObject({ manifestUrl: 'http://localhost:4301/manifest.json', features: ['connect', 'account'], debug: false })
    meta(JSON.stringify({ manifestUrl: 'http://localhost:14301/manifest.json', rpc: { '31337': 'http://localhost:18545' } }))
    const c = readConfig(`${page}?features=connect&theme=dark&debug`)
    expect(c).toMatchObject({ manifestUrl: 'http://localhost:14301/manifest.json', features: ['connect'], off: ['account'], theme: 'dark', debug: true })
    expect(demoNetworkIds(c)).toEqual(['eip155:31337'])
    expect(evmOptions(c)).toEqual({ rpcUrls: { '31337': ['http://localhost:18545'] } })
  })

  it('behavior: ?off= switches plugins off; ?manifest= is honoured only with ?debug', () => {
    expect(readConfig(`${page}?off=walletconnect,account`)).toMatchObject({ features: ['connect'], off: ['walletconnect', 'account'] })
    expect(readConfig(`${page}?manifest=http://evil.test/m.json`).manifestUrl).toBe('http://localhost:4301/manifest.json')
    expect(readConfig(`${page}?debug&manifest=http://localhost:9/m.json`).manifestUrl).toBe('http://localhost:9/m.json')
    expect(readConfig(`${page}?debug=0`).debug).toBe(false)
  })

  it("behavior: ?preload= sets the kernel's preload option (default intent); other values are ignored", () => {
    expect(readConfig(page).preload).toBe('intent')
    expect(readConfig(`${page}?preload=none`).preload).toBe('none')
    expect(readConfig(`${page}?preload=idle`).preload).toBe('idle')
    expect(readConfig(`${page}?preload=always`).preload).toBe('intent')
  })

  it('error: a malformed meta tag is ignored', () => {
    meta('{not json')
    expect(readConfig(page).manifestUrl).toBe('http://localhost:4301/manifest.json')
  })

  it('behavior: "Send 0.01 ETH" goes to the second dev account unless the meta tag or the query says otherwise', () => {
    expect(readConfig(page).sendTo).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    meta(JSON.stringify({ sendTo: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }))
    expect(readConfig(page).sendTo).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
    expect(readConfig(`${page}?sendTo=0x90F79bf6EB2c4f870365E785982E1f101E93b906`).sendTo).toBe('0x90F79bf6EB2c4f870365E785982E1f101E93b906')
  })

  it('error: a sendTo that is not an address falls back to the default', () => {
    expect(readConfig(`${page}?sendTo=alice`).sendTo).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  })

  it("behavior: ?accountTypes= sets the embedded wallet's default account, for every eip155 chain or per chain", () => {
    expect(embeddedWalletOptions(page)).toBeUndefined()
    expect(embeddedWalletOptions(`${page}?accountTypes=eoa`)).toEqual({ defaultAccountTypes: { eip155: 'eoa' } })
    expect(embeddedWalletOptions(`${page}?accountTypes=eip155:31337=eoa,eip155=smartAccount`)).toEqual({ defaultAccountTypes: { 'eip155:31337': 'eoa', eip155: 'smartAccount' } })
  })

  it('error: a malformed ?accountTypes= entry is dropped, the others kept', () => {
    expect(embeddedWalletOptions(`${page}?accountTypes=safe`)).toBeUndefined()
    expect(embeddedWalletOptions(`${page}?accountTypes=solana:1=eoa,eip155:31338=eoa`)).toEqual({ defaultAccountTypes: { 'eip155:31338': 'eoa' } })
  })

  it('behavior: withQuery changes and removes parameters', () => {
    expect(withQuery({ theme: 'dark', debug: null }, `${page}?debug=1&x=2`)).toBe('/?x=2&theme=dark')
  })
})
