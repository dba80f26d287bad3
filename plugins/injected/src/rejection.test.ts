// The injected connectors hand out the wallet's own EIP-1193 provider and throw no wallet errors themselves: a
// refusal reaches the eip155 adapter as the wallet's 4001, which must surface with code USER_REJECTED at the top
// level (the kernel knows no wallet codes). No kernel here, so this holds whatever state the kernel is in.
import { isPorticoError } from '@portico/contracts/plugin'
import { anvil, createEvmAdapter } from '@portico/plugin-evm'
import { createDevWallet, type DevWallet } from '@portico/tests/wallets/evm'
import { beforeEach, describe, expect, it } from 'vitest'
import { createAnnouncedConnector, createInjectedConnector } from './connectors.js'

const info = { uuid: '350670db-19fa-4704-a166-e52e178b59d2', name: 'Portico Dev Wallet', icon: 'data:image/svg+xml,<svg/>', rdns: 'dev.portico.wallet' }

let wallet: DevWallet
let run = 0
beforeEach(() => {
  // a fresh, unauthorised wallet each time (its state persists under the storage key)
  wallet = createDevWallet({ rpcUrls: { 31337: 'http://127.0.0.1:8545' }, storageKey: `portico-dev-wallet-injected-rejection-${run++}` })
})

describe('injected connectors + evm adapter: refusals', () => {
  it.each([
    ['announced', () => createAnnouncedConnector(info, wallet)],
    ['window.ethereum', () => createInjectedConnector(wallet)],
  ])('error: a %s wallet that declines connecting or signing surfaces USER_REJECTED at the top level', async (_, make) => {
    const connector = make()
    const adapter = createEvmAdapter({ networks: [anvil] })
    wallet.setMode('reject')
    const connecting = await adapter.connect({ connector }).catch((e: unknown) => e)
    expect(isPorticoError(connecting, 'USER_REJECTED')).toBe(true)
    expect(connecting).toMatchObject({ shortMessage: 'Connection declined', rpcCode: 4001, cause: { code: 4001 } })
    wallet.setMode('approve')
    const { address, chainId } = await adapter.connect({ connector })
    expect(chainId).toBe(31337)
    wallet.setMode('reject')
    const signing = await adapter.signMessage({ connector, address, message: 'no' }).catch((e: unknown) => e)
    expect(signing).toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Signature declined' })
    adapter.destroy()
  })

  it('error: asking an injected connector for another namespace is UNSUPPORTED_NAMESPACE, not a refusal', async () => {
    await expect(createInjectedConnector(wallet).getProvider('solana')).rejects.toMatchObject({ code: 'UNSUPPORTED_NAMESPACE' })
  })
})
