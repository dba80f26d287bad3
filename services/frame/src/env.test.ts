import { describe, expect, it } from 'vitest'
import { optionsFromEnv } from './env.js'

describe('optionsFromEnv', () => {
  it('behavior: defaults run on one machine (port 4320, PGlite in memory, dev SMTP sink on 4325)', () => {
    expect(optionsFromEnv({})).toEqual({
      cleanupIntervalMs: 600_000,
      port: 4320,
      host: '127.0.0.1',
      options: {
        databaseUrl: undefined,
        dataDir: undefined,
        secret: undefined,
        smtpUrl: undefined,
        smtpSinkPort: 4325,
        mailFrom: undefined,
        trustProxy: false,
        publicUrl: undefined,
        shareKey: undefined,
        apiUrl: undefined,
        allowedOrigins: undefined,
        pageDir: undefined,
        socialProviders: [],
      },
    })
  })

  it('behavior: PORTICO_SOCIAL_DEV_IDP points every provider without a client id at the dev identity provider; a real client id wins', () => {
    const { options } = optionsFromEnv({
      PORTICO_SOCIAL_DEV_IDP: 'http://localhost:4321',
      PORTICO_SOCIAL_GITHUB_CLIENT_ID: 'gh-id',
      PORTICO_SOCIAL_GITHUB_CLIENT_SECRET: 'gh-secret',
    })
    const byName = Object.fromEntries(options.socialProviders!.map((p) => [p.provider, p]))
    expect(Object.keys(byName).sort()).toEqual(['apple', 'discord', 'facebook', 'github', 'google', 'x'])
    expect(byName.google).toMatchObject({ kind: 'oidc', issuer: 'http://localhost:4321/google', jwksUrl: 'http://localhost:4321/google/jwks', clientId: 'portico-google' })
    expect(byName.discord).toMatchObject({ kind: 'oauth2', userinfoUrl: 'http://localhost:4321/discord/users/@me' })
    expect(byName.github).toMatchObject({ clientId: 'gh-id', tokenUrl: 'https://github.com/login/oauth/access_token', userinfoUrl: 'https://api.github.com/user' })
  })

  it('error: a client id without its secret, a malformed override, and the dev identity provider in production are refused at start', () => {
    expect(() => optionsFromEnv({ PORTICO_SOCIAL_X_CLIENT_ID: 'x' })).toThrow('PORTICO_SOCIAL_X_CLIENT_SECRET must be set with PORTICO_SOCIAL_X_CLIENT_ID.')
    expect(() => optionsFromEnv({ PORTICO_SOCIAL_X_CLIENT_ID: 'x', PORTICO_SOCIAL_X_CLIENT_SECRET: 's', PORTICO_SOCIAL_X_TOKEN_URL: 'ftp://x' })).toThrow(
      'PORTICO_SOCIAL_X_TOKEN_URL: expected an http(s) URL, got ftp://x.',
    )
    expect(() =>
      optionsFromEnv({ NODE_ENV: 'production', PORTICO_FRAME_SECRET: 's'.repeat(32), PORTICO_FRAME_PUBLIC_URL: 'https://a', PORTICO_FRAME_SHARE_KEY: 'a'.repeat(64), PORTICO_SOCIAL_DEV_IDP: 'http://localhost:4321' }),
    ).toThrow('PORTICO_SOCIAL_DEV_IDP must not be set in production.')
  })

  it('behavior: reads every variable', () => {
    const { port, options } = optionsFromEnv({
      PORTICO_FRAME_PORT: '5000',
      DATABASE_URL: 'postgres://x/y',
      PORTICO_FRAME_DATA_DIR: '/tmp/frame',
      PORTICO_FRAME_SECRET: 's'.repeat(40),
      SMTP_URL: 'smtp://mail:25',
      PORTICO_TRUST_PROXY: '1',
      PORTICO_FRAME_SHARE_KEY: 'ab'.repeat(32),
      PORTICO_API_URL: 'http://127.0.0.1:4310',
      PORTICO_FRAME_ALLOWED_ORIGINS: ' https://app.example , http://localhost:4300,',
      PORTICO_FRAME_PAGE_DIR: '/srv/frame-page',
    })
    expect(port).toBe(5000)
    expect(options).toMatchObject({
      databaseUrl: 'postgres://x/y',
      dataDir: '/tmp/frame',
      smtpUrl: 'smtp://mail:25',
      trustProxy: true,
      shareKey: 'ab'.repeat(32),
      apiUrl: 'http://127.0.0.1:4310',
      allowedOrigins: ['https://app.example', 'http://localhost:4300'],
      pageDir: '/srv/frame-page',
    })
  })

  it('error: a bad port, or production without a secret', () => {
    expect(() => optionsFromEnv({ PORTICO_FRAME_PORT: 'abc' })).toThrow('PORTICO_FRAME_PORT: invalid port abc.')
    expect(() => optionsFromEnv({ PORTICO_FRAME_CLEANUP_INTERVAL_MS: '-5' })).toThrow('PORTICO_FRAME_CLEANUP_INTERVAL_MS: invalid interval -5.')
    expect(optionsFromEnv({ PORTICO_FRAME_CLEANUP_INTERVAL_MS: '0' }).cleanupIntervalMs).toBe(0)
    expect(optionsFromEnv({ PORTICO_FRAME_CODES_PER_IP_PER_HOUR: '500' }).options.limits).toEqual({ sendsPerIpPerHour: 500 })
    expect(optionsFromEnv({}).options).not.toHaveProperty('limits')
    expect(() => optionsFromEnv({ PORTICO_FRAME_CODES_PER_IP_PER_HOUR: '0' })).toThrow('PORTICO_FRAME_CODES_PER_IP_PER_HOUR: invalid limit 0.')
    expect(() => optionsFromEnv({ NODE_ENV: 'production' })).toThrow('PORTICO_FRAME_SECRET must be set in production.')
    expect(() => optionsFromEnv({ NODE_ENV: 'production', PORTICO_FRAME_SECRET: 's'.repeat(40) })).toThrow(
      'PORTICO_FRAME_PUBLIC_URL must be set in production.',
    )
    const production = { NODE_ENV: 'production', PORTICO_FRAME_SECRET: 's'.repeat(40), PORTICO_FRAME_PUBLIC_URL: 'https://auth.example' }
    expect(() => optionsFromEnv(production)).toThrow('PORTICO_FRAME_SHARE_KEY must be set in production.')
    expect(() => optionsFromEnv({ ...production, PORTICO_FRAME_SHARE_KEY: 'too-short' })).toThrow('PORTICO_FRAME_SHARE_KEY must be 32 bytes')
    expect(() => optionsFromEnv({ PORTICO_FRAME_SHARE_KEY: 'ab'.repeat(31) })).toThrow('PORTICO_FRAME_SHARE_KEY must be 32 bytes')
    expect(optionsFromEnv({ ...production, PORTICO_FRAME_SHARE_KEY: Buffer.alloc(32, 7).toString('base64') }).options.shareKey).toBeDefined()
  })

  it('behavior: PORTICO_SMART_ACCOUNT_CHAINS gives the chains with a smart account; bad JSON or fields fail naming the variable', () => {
    const chains = { '31337': { bundlerUrl: 'http://127.0.0.1:4337', paymasterUrl: 'http://127.0.0.1:4310/v1/paymaster/31337', factoryAddress: `0x${'a'.repeat(40)}`, entryPoint: `0x${'b'.repeat(40)}` } }
    expect(optionsFromEnv({ PORTICO_SMART_ACCOUNT_CHAINS: JSON.stringify(chains) }).options.smartAccountChains).toEqual(chains)
    expect(optionsFromEnv({}).options.smartAccountChains).toBeUndefined()
    expect(() => optionsFromEnv({ PORTICO_SMART_ACCOUNT_CHAINS: '{nope' })).toThrow('PORTICO_SMART_ACCOUNT_CHAINS: not valid JSON')
    expect(() => optionsFromEnv({ PORTICO_SMART_ACCOUNT_CHAINS: JSON.stringify({ '31337': { ...chains['31337'], bundlerUrl: 'ftp://x' } }) })).toThrow(
      'PORTICO_SMART_ACCOUNT_CHAINS: 31337.bundlerUrl',
    )
    expect(() => optionsFromEnv({ PORTICO_SMART_ACCOUNT_CHAINS: JSON.stringify({ mainnet: chains['31337'] }) })).toThrow('PORTICO_SMART_ACCOUNT_CHAINS:')
    expect(() => optionsFromEnv({ PORTICO_SMART_ACCOUNT_CHAINS: JSON.stringify({ '1': { ...chains['31337'], factoryAddress: '0x12' } }) })).toThrow(
      'PORTICO_SMART_ACCOUNT_CHAINS: 1.factoryAddress must be a 0x address',
    )
  })
})
