import { describe, expect, it } from 'vitest'
import { readRelayEnv } from './config.js'

describe('readRelayEnv', () => {
  it('reads the origin allowlist the stack passes, the relay-specific variable winning', () => {
    expect(readRelayEnv({ PORTICO_ALLOWED_ORIGINS: 'http://localhost:4300, http://127.0.0.1:4300' }).options.allowedOrigins)
      .toEqual(['http://localhost:4300', 'http://127.0.0.1:4300'])
    expect(readRelayEnv({ PORTICO_ALLOWED_ORIGINS: 'http://a.test', PORTICO_RELAY_ALLOWED_ORIGINS: 'http://b.test' }).options.allowedOrigins)
      .toEqual(['http://b.test'])
    expect(readRelayEnv({}).options.allowedOrigins).toBeUndefined()
  })

  it('reads the allowed project ids; unset, any non-empty id is allowed (and says so)', () => {
    expect(readRelayEnv({ PORTICO_RELAY_PROJECT_IDS: 'portico-dev,other ' }).options.projectIds).toEqual(['portico-dev', 'other'])
    const open = readRelayEnv({})
    expect(open.options.projectIds).toBeUndefined()
    expect(open.notes.join('\n')).toContain('any non-empty projectId')
  })

  it('reads port and host, and refuses a port that is not a number', () => {
    expect(readRelayEnv({ PORTICO_RELAY_PORT: '0', PORTICO_RELAY_HOST: '0.0.0.0' }).options).toMatchObject({ port: 0, host: '0.0.0.0' })
    expect(() => readRelayEnv({ PORTICO_RELAY_PORT: 'http' })).toThrow('PORTICO_RELAY_PORT')
  })

  it('warns about unknown or misspelt PORTICO_RELAY_ variables, naming the closest known one', () => {
    const { warnings } = readRelayEnv({ PORTICO_RELAY_ALLOWED_ORIGIN: 'http://x.test', PORTICO_RELAY_PROJECTIDS: 'a', PORTICO_RELAY_URL: 'ws://x', PORTICO_API_URL: 'x' })
    expect(warnings).toEqual([
      'unknown variable PORTICO_RELAY_ALLOWED_ORIGIN (did you mean PORTICO_RELAY_ALLOWED_ORIGINS?); it is ignored',
      'unknown variable PORTICO_RELAY_PROJECTIDS (did you mean PORTICO_RELAY_PROJECT_IDS?); it is ignored',
    ])
  })
})
