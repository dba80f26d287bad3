// @vitest-environment jsdom
import { expect, it } from 'vitest'

it('behavior: the browser entry creates the wallet from the demo config, exposes it and announces it (EIP-6963)', async () => {
  const meta = document.createElement('meta')
  meta.name = 'portico-config'
  meta.content = JSON.stringify({ rpc: { '31337': 'http://127.0.0.1:18545', '31338': 'http://127.0.0.1:18546' } })
  document.head.append(meta)
  await import('./browser.js')
  const wallet = window.__porticoDevWallet!
  expect(wallet.isPorticoDevWallet).toBe(true)
  expect(wallet.chainId).toBe(31337)

  const seen: { info: { rdns: string }; provider: unknown }[] = []
  window.addEventListener('eip6963:announceProvider', (e) => seen.push((e as CustomEvent).detail))
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  expect(seen).toHaveLength(1)
  expect(seen[0]!.info.rdns).toBe('dev.portico.wallet')
  expect(seen[0]!.provider).toBe(wallet)

  // authorisation persists in localStorage, as an extension keeps it per origin
  await wallet.request({ method: 'eth_requestAccounts' })
  expect(JSON.parse(localStorage.getItem('portico-dev-wallet')!)).toMatchObject({ authorized: true, chainId: 31337 })
  // the configured chains are the ones it can switch to
  await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
  expect(wallet.chainId).toBe(31338)
})
