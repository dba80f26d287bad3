import { describe, expect, it } from 'vitest'
import { BaseError, isPorticoError } from './errors.js'

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
