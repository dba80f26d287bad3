import { describe, expect, it } from 'vitest'
import { BaseError, describeValue, errorFirstLine, isPorticoError, rejectionCheck } from './errors.js'

describe('BaseError', () => {
  it('behavior: carries a stable code and short message, details appended to the message', () => {
    const e = new BaseError('Plugin failed.', { code: 'PLUGIN_FAILED', details: 'boom' })
    expect(e.shortMessage).toBe('Plugin failed.')
    expect(e.message).toBe('Plugin failed.\n\nDetails: boom')
    expect(isPorticoError(e, 'PLUGIN_FAILED')).toBe(true)
    expect(isPorticoError(e, 'OTHER')).toBe(false)
  })
  it('behavior: recognises a copy of the class from another bundle by shape', () => {
    const foreign = Object.assign(new Error('x'), { shortMessage: 'x', code: 'X' })
    expect(isPorticoError(foreign)).toBe(true)
    expect(isPorticoError(new Error('plain'))).toBe(false)
    expect(isPorticoError(null)).toBe(false)
  })
})

describe('wallet error helpers', () => {
  it('behavior: errorFirstLine keeps the first trimmed line, undefined without a message', () => {
    expect(errorFirstLine(new Error('  Request failed\n    at stack'))).toBe('Request failed')
    expect(errorFirstLine({ message: '   ' })).toBeUndefined()
    expect(errorFirstLine(null)).toBeUndefined()
    expect(errorFirstLine('text')).toBeUndefined()
  })

  it('behavior: describeValue writes bigints in decimal and byte arrays by length, and never throws', () => {
    expect(describeValue({ amount: 10n })).toBe('{"amount":"10"}')
    expect(describeValue(new Uint8Array(3))).toBe('Uint8Array(3)')
    expect(describeValue('plain')).toBe('plain')
    expect(describeValue(undefined)).toBe('undefined')
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(describeValue(cyclic)).toBe('[object Object]')
  })

  it('behavior: rejectionCheck finds a refusal by code (also context.__code) or wording, through causes', () => {
    const isRejection = rejectionCheck([4001, 'USER_REJECTED'], /\buser rejected\b/i)
    expect(isRejection({ code: 4001 })).toBe(true)
    expect(isRejection({ context: { __code: 'USER_REJECTED' } })).toBe(true)
    expect(isRejection(new Error('outer', { cause: new Error('User rejected the request.') }))).toBe(true)
    expect(isRejection({ code: -32603, message: 'Internal error' })).toBe(false)
    // a Portico error's message is Portico's wording: only its code says it was a refusal
    expect(isRejection(new BaseError('user rejected, as a Portico message', { code: 'SEND_FAILED' }))).toBe(false)
    expect(isRejection(new BaseError('Declined', { code: 'USER_REJECTED' }))).toBe(true)
    // without wording, only codes count; a cycle of causes ends
    expect(rejectionCheck([4001])(new Error('User rejected'))).toBe(false)
    const looped: { cause?: unknown } = {}
    looped.cause = { cause: looped }
    expect(isRejection(looped)).toBe(false)
  })
})
