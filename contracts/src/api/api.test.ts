import { describe, expect, it } from 'vitest'
import {
  AnalyticsEventSchema,
  BalanceResponseSchema,
  CommonQuerySchema,
  GetWalletsQuerySchema,
  HistoryQuerySchema,
  HistoryResponseSchema,
  IdentityResponseSchema,
  SupportedChainsResponseSchema,
} from './index.js'

describe('common query', () => {
  it('requires projectId, st and sv with messages that name them', () => {
    const result = CommonQuerySchema.safeParse({})
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['projectId', 'projectId is required'],
      ['st', 'st is required'],
      ['sv', 'sv is required'],
    ])
    expect(CommonQuerySchema.parse({ projectId: 'p', st: 'appkit', sv: 'html-1', clientId: 'c' })).toEqual({
      projectId: 'p',
      st: 'appkit',
      sv: 'html-1',
      clientId: 'c',
    })
  })

  it('rejects a malformed CAIP-2 chain id with the spec message', () => {
    const result = HistoryQuerySchema.safeParse({ projectId: 'p', st: 'a', sv: '1', chainId: '1' })
    expect(result.error?.issues[0].message).toBe('Invalid CAIP-2 network id')
  })

  it('coerces and bounds getWallets paging', () => {
    expect(GetWalletsQuerySchema.parse({ projectId: 'p', st: 'a', sv: '1', page: '2', entries: '40' })).toMatchObject({ page: 2, entries: 40 })
    expect(GetWalletsQuerySchema.parse({ projectId: 'p', st: 'a', sv: '1' })).toMatchObject({ page: 1, entries: 40 })
    expect(GetWalletsQuerySchema.safeParse({ projectId: 'p', st: 'a', sv: '1', entries: '101' }).success).toBe(false)
  })
})

describe('responses (shapes of shared/reference/blockchain-api.md)', () => {
  it('accepts supported chains and identity', () => {
    expect(SupportedChainsResponseSchema.parse({ http: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], ws: [] }).http).toHaveLength(2)
    expect(IdentityResponseSchema.parse({ name: null, avatar: null })).toEqual({ name: null, avatar: null })
    expect(IdentityResponseSchema.safeParse({ name: 'x' }).success).toBe(false)
  })

  it('accepts a native and a token balance, and refuses numeric decimals', () => {
    const native = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: 'x' }
    const token = { ...native, name: 'USD Coin', symbol: 'USDC', address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', value: 3, quantity: { decimals: '6', numeric: '3' } }
    expect(BalanceResponseSchema.parse({ balances: [native, token] }).balances).toHaveLength(2)
    expect(BalanceResponseSchema.safeParse({ balances: [{ ...native, quantity: { decimals: 18, numeric: '1' } }] }).success).toBe(false)
    expect(BalanceResponseSchema.safeParse({ balances: [{ ...token, address: '0xA0b8' }] }).success).toBe(false)
  })

  it('accepts a history page with snake_case transfer keys and a null transfer list', () => {
    const tx = {
      id: 'a',
      metadata: {
        operationType: 'send',
        hash: `0x${'ab'.repeat(32)}`,
        chain: 'eip155:1',
        minedAt: '2024-01-02T03:04:05.000Z',
        sentFrom: '0x1',
        sentTo: '0x2',
        status: 'confirmed',
        nonce: 3,
      },
      transfers: [
        { fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'u' } }, direction: 'out', quantity: { numeric: '1' } },
        { nft_info: { name: 'Cat', content: { preview: { url: 'p' } }, flags: { is_spam: true } }, direction: 'in', quantity: { numeric: '1' } },
      ],
    }
    expect(HistoryResponseSchema.parse({ data: [tx, { ...tx, id: 'b', transfers: null }], next: 'c' }).data).toHaveLength(2)
    expect(HistoryResponseSchema.safeParse({ data: [{ ...tx, metadata: { ...tx.metadata, status: 'done' } }], next: null }).success).toBe(false)
  })

  it('requires the event name in analytics props and keeps extra keys', () => {
    const event = { eventId: 'e', url: 'https://a.example/', domain: 'a.example', timestamp: 1, props: { event: 'MODAL_OPEN', extra: 1 } }
    expect(AnalyticsEventSchema.parse(event).props).toEqual({ event: 'MODAL_OPEN', extra: 1 })
    expect(AnalyticsEventSchema.safeParse({ ...event, props: {} }).success).toBe(false)
  })
})
