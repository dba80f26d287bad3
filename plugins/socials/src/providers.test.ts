import { describe, expect, it } from 'vitest'
import { resolveProviders } from './providers.js'

describe('providers', () => {
  it('behavior: SPEC §9 default order, farcaster left out until its flow exists', () => {
    expect(resolveProviders(undefined)).toEqual(['google', 'x', 'discord', 'github', 'apple', 'facebook'])
  })
  it('behavior: the host order is kept; duplicates and unknown names are dropped', () => {
    expect(resolveProviders(['github', 'myspace', 'google', 'github'])).toEqual(['github', 'google'])
  })
})
