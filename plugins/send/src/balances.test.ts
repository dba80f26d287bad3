import { describe, expect, it } from 'vitest'
import type { PorticoState } from '@portico/contracts/plugin'
import { anvil } from '@portico/tests/react'
import { liveNative, nativeFromAccount } from './balances.js'

const state = (balance: string | undefined) =>
  ({
    chains: {
      activeNamespace: 'eip155',
      activeCaipNetworkId: 'eip155:31337',
      networks: [anvil],
      pendingNetworkIds: [],
      accounts: { eip155: { status: 'connected', address: '0x1234567890abcdef1234567890abcdef12345678', balance, currentTab: 0, allAccounts: [], addressLabels: {} } },
    },
  }) as unknown as PorticoState

describe('native balance', () => {
  it("behavior: from the kernel's account when the list lacks it, priced 0 (unknown)", () => {
    expect(nativeFromAccount(state('1.5'))).toMatchObject({ symbol: 'ETH', chainId: 'eip155:31337', price: 0, quantity: { decimals: '18', numeric: '1.5' } })
    expect(nativeFromAccount(state(undefined))).toBeUndefined()
  })

  it("behavior: the fee check reads the list's price with the chain's fresher quantity", () => {
    const listed = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', price: 3000, quantity: { decimals: '18', numeric: '10' }, iconUrl: '' }
    expect(liveNative([listed], state('0'))).toMatchObject({ price: 3000, quantity: { numeric: '0' } })
    expect(liveNative([listed], state(undefined))).toBe(listed)
  })
})
