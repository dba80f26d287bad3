import { describe, expect, it, vi } from 'vitest'
import { describeConnector, describePlugin } from '@portico/conformance'
import { isPorticoError } from '@portico/contracts/plugin'
import { watchConnector } from './connector.js'
import watchAddress from './plugin.js'
import { createWatchProvider, SIGNING_METHODS } from './provider.js'
import packageJson from '../package.json' with { type: 'json' }

const WATCHED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const text = { readOnly: () => 'This address is watched read-only: it cannot sign or send.', noAddress: () => 'Type the address to watch first.' }

describeConnector('watch-address', () => {
  const provider = createWatchProvider({ chainId: () => 31337, text })
  provider.watch(WATCHED)
  return { connector: watchConnector(provider, 'Watch an address') }
})

describePlugin(() => watchAddress(), { packageJson: { version: packageJson.version } })

describe('watched address provider', () => {
  it('behavior: answers accounts and chain with the watched address, and switches chains like a wallet', async () => {
    const provider = createWatchProvider({ chainId: () => 31337, text })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    const accountsChanged = vi.fn()
    const chainChanged = vi.fn()
    provider.on('accountsChanged', accountsChanged)
    provider.on('chainChanged', chainChanged)
    provider.watch(WATCHED)
    expect(accountsChanged).toHaveBeenCalledWith([WATCHED])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([WATCHED])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(chainChanged).toHaveBeenCalledWith('0x7a6a')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it.each(SIGNING_METHODS)('error: %s is refused with the Portico READ_ONLY_ACCOUNT error', async (method) => {
    const provider = createWatchProvider({ chainId: () => 1, text })
    provider.watch(WATCHED)
    const error = await provider.request({ method, params: [] }).catch((e: unknown) => e)
    expect(isPorticoError(error, 'READ_ONLY_ACCOUNT')).toBe(true)
    expect((error as { shortMessage: string }).shortMessage).toBe('This address is watched read-only: it cannot sign or send.')
  })

  it('error: accounts before an address is typed, a malformed address and unknown methods are refused', async () => {
    const provider = createWatchProvider({ chainId: () => 1, text })
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 'NO_WATCHED_ADDRESS' })
    expect(() => provider.watch('0x1234')).toThrow('0x1234 is not an address.')
    await expect(provider.request({ method: 'eth_getBalance' })).rejects.toMatchObject({ code: 4200 })
  })
})
