// @vitest-environment jsdom
import { describe, expect, test } from 'vitest'
import { initialChainId, isAllowedOrigin, parentOriginOf, readFrameConfig, resolveParent } from './config.js'

const withMeta = (content: string) => {
  const doc = document.implementation.createHTMLDocument('')
  const meta = doc.createElement('meta')
  meta.name = 'portico-frame'
  meta.content = content
  doc.head.append(meta)
  return doc
}

describe('frame config', () => {
  test('behavior: reads the injected config; the placeholder or bad JSON reads as missing', () => {
    expect(readFrameConfig(withMeta('{"projectId":"p1","allowedOrigins":["https://app.example"],"apiBase":""}'))).toEqual({
      projectId: 'p1',
      allowedOrigins: ['https://app.example'],
      apiBase: '',
    })
    expect(readFrameConfig(withMeta('__PORTICO_FRAME_CONFIG__'))).toBeNull()
    expect(readFrameConfig(withMeta('{nope'))).toBeNull()
    expect(readFrameConfig(withMeta('{"projectId":1}'))).toBeNull()
  })

  test('security: origins match exactly (scheme, host and port), never by prefix', () => {
    const allowed = ['https://app.example', 'http://localhost:5173/']
    expect(isAllowedOrigin('https://app.example', allowed)).toBe(true)
    expect(isAllowedOrigin('http://localhost:5173', allowed)).toBe(true)
    expect(isAllowedOrigin('http://app.example', allowed)).toBe(false)
    expect(isAllowedOrigin('https://app.example.evil.com', allowed)).toBe(false)
    expect(isAllowedOrigin('https://app.example:8443', allowed)).toBe(false)
    expect(isAllowedOrigin('https://any.example', ['*'])).toBe(true)
  })

  test('behavior: the parent origin comes from ancestorOrigins, else the referrer; an unframed page has none', () => {
    const parent = {}
    const win = (ancestors: string[] | undefined, referrer: string) =>
      ({ parent, location: { ancestorOrigins: ancestors }, document: { referrer } }) as unknown as Window
    expect(parentOriginOf(win(['https://app.example'], 'https://other.example/x'))).toBe('https://app.example')
    expect(parentOriginOf(win(undefined, 'https://app.example/page?q=1'))).toBe('https://app.example')
    expect(parentOriginOf(win(undefined, ''))).toBeNull()
    const alone = { location: {}, document: { referrer: '' } } as unknown as Window & { parent: unknown }
    alone.parent = alone
    expect(parentOriginOf(alone)).toBeNull()
  })

  test('behavior: resolveParent names the problem', () => {
    const config = { projectId: 'p', allowedOrigins: ['https://app.example'] }
    expect(resolveParent(config, 'https://app.example')).toEqual({ ok: true, origin: 'https://app.example' })
    expect(resolveParent(config, 'https://evil.example')).toEqual({ ok: false, problem: 'ORIGIN_NOT_ALLOWED' })
    expect(resolveParent({ ...config, allowedOrigins: [], error: 'INVALID_PROJECT' }, 'https://app.example')).toEqual({ ok: false, problem: 'INVALID_PROJECT' })
    expect(resolveParent({ ...config, allowedOrigins: [], error: 'ORIGINS_UNAVAILABLE' }, 'https://app.example')).toEqual({ ok: false, problem: 'ORIGINS_UNAVAILABLE' })
    expect(resolveParent(null, 'https://app.example')).toEqual({ ok: false, problem: 'MISSING_CONFIG' })
    expect(resolveParent(config, null)).toEqual({ ok: false, problem: 'NO_PARENT' })
  })

  test('behavior: the initial chain id comes from the frame URL', () => {
    expect(initialChainId('?projectId=p&chainId=10')).toBe(10)
    expect(initialChainId('?chainId=eip155:8453')).toBe(8453)
    expect(initialChainId('')).toBe(1)
  })
})
