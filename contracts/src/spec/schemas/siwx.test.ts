import { describe, expect, it } from 'vitest'
import { SessionSchema, SignInMessageSchema } from './siwx.js'

const data = {
  chainId: 'eip155:1',
  accountAddress: '0x1111111111111111111111111111111111111111',
  nonce: 'n0nc3abc',
  domain: 'app.example.com',
  uri: 'https://app.example.com',
  version: '1',
  statement: 'Sign in to Example',
  issuedAt: '2024-06-01T12:00:00.000Z',
  expirationTime: '2024-06-02T12:00:00+02:00',
  resources: ['https://example.com/terms'],
}

describe('SignInMessageSchema', () => {
  it('behavior: accepts CAIP-122 data with ISO dates', () => {
    expect(SignInMessageSchema.parse(data)).toEqual(data)
  })

  it('error: rejects a non-CAIP chain id, version other than 1, or a date without time zone', () => {
    expect(SignInMessageSchema.safeParse({ ...data, chainId: '1' }).success).toBe(false)
    expect(SignInMessageSchema.safeParse({ ...data, version: '2' }).success).toBe(false)
    expect(SignInMessageSchema.safeParse({ ...data, issuedAt: 'yesterday' }).success).toBe(false)
    expect(SignInMessageSchema.safeParse({ ...data, nonce: '' }).success).toBe(false)
  })
})

describe('SessionSchema', () => {
  it('behavior: data, message and signature, with an optional CACAO', () => {
    const session = { data, message: 'app.example.com wants you to sign in…', signature: '0xabc' }
    expect(SessionSchema.parse(session)).toEqual(session)
    const cacao = {
      h: { t: 'caip122' },
      p: {
        domain: 'app.example.com',
        aud: 'https://app.example.com',
        nonce: 'n0nc3abc',
        iss: `did:pkh:eip155:1:${data.accountAddress}`,
      },
      s: { t: 'eip191', s: '0xabc' },
    }
    expect(SessionSchema.safeParse({ ...session, cacao }).success).toBe(true)
    expect(SessionSchema.safeParse({ ...session, cacao: { ...cacao, h: { t: 'eip4361' } } }).success).toBe(false)
    expect(SessionSchema.safeParse({ ...session, signature: '' }).success).toBe(false)
  })
})
