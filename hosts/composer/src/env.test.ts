import { describe, expect, it } from 'vitest'
import { FALLBACK_ENV, mergeEnv } from './env.js'

describe('mergeEnv', () => {
  it('behavior: the stack’s runtime config replaces the defaults', () => {
    const env = mergeEnv(FALLBACK_ENV, {
      manifestUrl: 'http://localhost:14301/manifest.json',
      api: 'http://localhost:14310',
      relay: 'ws://localhost:14330',
      frame: 'http://localhost:14320',
      rpc: { '31337': 'http://localhost:18545' },
      solana: { rpcUrl: 'http://localhost:18899' },
    })
    expect(env).toMatchObject({
      manifestUrl: 'http://localhost:14301/manifest.json',
      relay: 'ws://localhost:14330',
      rpc: { '31337': 'http://localhost:18545' },
      solana: { rpcUrl: 'http://localhost:18899', wsUrl: FALLBACK_ENV.solana.wsUrl, caipNetworkId: FALLBACK_ENV.solana.caipNetworkId },
    })
  })

  it('error: fields of the wrong shape are ignored, the defaults stay', () => {
    const env = mergeEnv(FALLBACK_ENV, { manifestUrl: 'javascript:alert(1)', relay: 'http://not-a-socket', rpc: { abc: 'http://x', '1': 42 }, projectId: '  ' })
    expect(env).toEqual(FALLBACK_ENV)
    expect(mergeEnv(FALLBACK_ENV, 'nonsense')).toBe(FALLBACK_ENV)
  })
})
