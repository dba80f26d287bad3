import { describe, expect, it } from 'vitest'
import { OnrampOptionsSchema, OnrampProviderSchema, OnrampQuoteSchema } from './onramp.js'

describe('onramp schemas', () => {
  it('behavior: options with snake_case network and limit fields', () => {
    const options = {
      purchaseCurrencies: [
        {
          id: 'usdc',
          name: 'USD Coin',
          symbol: 'USDC',
          networks: [
            {
              name: 'base',
              display_name: 'Base',
              chain_id: '8453',
              contract_address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
            },
          ],
        },
      ],
      paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }],
    }
    expect(OnrampOptionsSchema.parse(options)).toEqual(options)
    const camel = { ...options, paymentCurrencies: [{ id: 'USD', paymentMethodLimits: [] }] }
    expect(OnrampOptionsSchema.safeParse(camel).success).toBe(false)
  })

  it('behavior: a quote has five amounts and an id', () => {
    const amount = { amount: '100', currency: 'USD' }
    const quote = {
      coinbaseFee: amount,
      networkFee: amount,
      paymentSubtotal: amount,
      paymentTotal: amount,
      purchaseAmount: { amount: '100', currency: 'USDC' },
      quoteId: 'q1',
    }
    expect(OnrampQuoteSchema.parse(quote)).toEqual(quote)
    expect(OnrampQuoteSchema.safeParse({ ...quote, networkFee: { amount: 1, currency: 'USD' } }).success).toBe(false)
  })

  it('behavior: a provider lists supported namespaces', () => {
    const provider = {
      label: 'Coinbase',
      name: 'coinbase',
      feeRange: '1-2%',
      url: 'https://pay.example.com',
      supportedChains: ['eip155', 'solana'],
    }
    expect(OnrampProviderSchema.parse(provider)).toEqual(provider)
    expect(OnrampProviderSchema.safeParse({ ...provider, supportedChains: ['ethereum'] }).success).toBe(false)
  })
})
