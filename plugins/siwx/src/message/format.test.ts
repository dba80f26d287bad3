// @vitest-environment node
import type { SignInMessage } from '@portico/contracts/schemas'
import { createPublicClient, custom, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage, validateSiweMessage, verifySiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { TEST_KEYS } from '../testing/keyWallet.js'
import { formatSignInMessage, parseSignInMessage } from './format.js'

const alice = privateKeyToAccount(TEST_KEYS[0])

const eip155: SignInMessage = {
  chainId: 'eip155:31337',
  accountAddress: alice.address,
  nonce: 'abcdef1234567890',
  domain: 'app.example.com',
  uri: 'https://app.example.com/login',
  version: '1',
  statement: 'Sign in to Portico Demo.',
  issuedAt: '2026-11-24T12:00:00.000Z',
  expirationTime: '2026-11-25T12:00:00.000Z',
  notBefore: '2026-11-24T11:59:00.000Z',
  requestId: 'req-1',
  resources: ['https://app.example.com/terms', 'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq'],
}

// a client that fails every request: the EOA check must not need the network
const offline = createPublicClient({ transport: custom({ request: async () => Promise.reject(new Error('offline')) }) })

describe('EIP-4361 (eip155)', () => {
  it('behavior: round-trips through our parser and viem’s, every field kept', () => {
    const text = formatSignInMessage(eip155)
    expect(text.split('\n')[0]).toBe('app.example.com wants you to sign in with your Ethereum account:')
    expect(parseSignInMessage(text, 'eip155')).toEqual(eip155)
    const viem = parseSiweMessage(text)
    expect(viem).toMatchObject({ address: alice.address, chainId: 31337, domain: eip155.domain, nonce: eip155.nonce, uri: eip155.uri, statement: eip155.statement, requestId: 'req-1', resources: eip155.resources })
    expect(viem.expirationTime?.toISOString()).toBe(eip155.expirationTime)
    expect(validateSiweMessage({ message: viem, domain: 'app.example.com', nonce: eip155.nonce, time: new Date('2026-11-24T13:00:00Z') })).toBe(true)
  })

  it('behavior: the minimal message (EIP-4361 requires Issued At; the rest optional) round-trips too', () => {
    const minimal: SignInMessage = { chainId: 'eip155:1', accountAddress: alice.address, nonce: 'n0nce1234', domain: 'localhost:4300', uri: 'http://localhost:4300', version: '1', issuedAt: '2026-11-24T12:00:00.000Z' }
    expect(parseSignInMessage(formatSignInMessage(minimal), 'eip155')).toEqual(minimal)
  })

  it('behavior: a real key’s signature verifies with viem’s verifySiweMessage and verifyMessage', async () => {
    const message = formatSignInMessage(eip155)
    const signature = await alice.signMessage({ message })
    const time = new Date('2026-11-24T13:00:00Z')
    expect(await verifyMessage({ address: alice.address, message, signature })).toBe(true)
    expect(await verifySiweMessage(offline, { message, signature, domain: 'app.example.com', nonce: eip155.nonce, time })).toBe(true)
    // a different domain, a later time or another account: refused by the independent implementation
    expect(await verifySiweMessage(offline, { message, signature, domain: 'evil.example.com', time })).toBe(false)
    expect(await verifySiweMessage(offline, { message, signature, time: new Date('2026-11-26T00:00:00Z') })).toBe(false)
    const bob = privateKeyToAccount(TEST_KEYS[1])
    expect(await verifyMessage({ address: bob.address, message, signature })).toBe(false)
  })

  it('error: an address that is not an eip155 address is not written', () => {
    expect(() => formatSignInMessage({ ...eip155, accountAddress: '0x1234' })).toThrow()
  })
})

describe('Sign In With Solana and CAIP-122', () => {
  const solana: SignInMessage = {
    chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    accountAddress: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
    nonce: 'solnonce42',
    domain: 'app.example.com',
    uri: 'https://app.example.com',
    version: '1',
    statement: 'Sign in to Portico Demo.',
    issuedAt: '2026-11-24T12:00:00.000Z',
    expirationTime: '2026-11-25T12:00:00.000Z',
    resources: ['https://app.example.com/terms'],
  }

  it('behavior: Solana messages name the account Solana and the cluster by name, and round-trip', () => {
    const text = formatSignInMessage(solana)
    expect(text).toBe(
      [
        'app.example.com wants you to sign in with your Solana account:',
        solana.accountAddress,
        '',
        'Sign in to Portico Demo.',
        '',
        'URI: https://app.example.com',
        'Version: 1',
        'Chain ID: mainnet',
        'Nonce: solnonce42',
        'Issued At: 2026-11-24T12:00:00.000Z',
        'Expiration Time: 2026-11-25T12:00:00.000Z',
        'Resources:',
        '- https://app.example.com/terms',
      ].join('\n'),
    )
    expect(parseSignInMessage(text, 'solana')).toEqual(solana)
  })

  it('behavior: other namespaces get the CAIP-122 text with the chain reference, and round-trip', () => {
    const polkadot: SignInMessage = { ...solana, chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182', accountAddress: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5', statement: undefined, resources: undefined, requestId: 'r7' }
    const data = JSON.parse(JSON.stringify(polkadot)) as SignInMessage
    const text = formatSignInMessage(data)
    expect(text.split('\n')[0]).toBe('app.example.com wants you to sign in with your Polkadot account:')
    expect(text).toContain('Chain ID: 91b171bb158e2d3848fa23a9f1c25182')
    expect(parseSignInMessage(text, 'polkadot')).toEqual(data)
  })

  it('error: text that is not a sign-in message parses to nothing', () => {
    expect(parseSignInMessage('hello', 'solana')).toBeUndefined()
    expect(parseSignInMessage(formatSignInMessage(solana).replace('Version: 1', 'Version: 2'), 'solana')).toBeUndefined()
  })
})
