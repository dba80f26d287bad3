import { describe, expect, it } from 'vitest'
import { resolveProviders } from './providers.js'

describe('providers', () => {
  it('behavior: SPEC §9 default order, farcaster included', () => {
    expect(resolveProviders(undefined)).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  })
  it('behavior: the host order is kept; duplicates and unknown names are dropped', () => {
    expect(resolveProviders(['github', 'myspace', 'google', 'github', 'farcaster'])).toEqual(['github', 'google', 'farcaster'])
  })
})
