import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseError } from './parseError.js'

describe('parseError', () => {
  it('behavior: a string is its own message', () => {
    expect(parseError('Signature declined')).toBe('Signature declined')
  })

  it("behavior: a ZodError gives its first issue's message, not the JSON dump", () => {
    const result = z.object({ email: z.email({ error: 'Invalid email' }), otp: z.string() }).safeParse({ email: 'x' })
    expect(result.success).toBe(false)
    expect(parseError(result.error)).toBe('Invalid email')
  })

  it('behavior: a ZodError from another copy of zod is recognised by name and shape', () => {
    const foreign = Object.assign(new Error('[{"message":"ignored"}]'), { name: 'ZodError', issues: [{ message: 'Required' }] })
    expect(parseError(foreign)).toBe('Required')
  })

  it('behavior: an Error or an object with a string message gives that message', () => {
    expect(parseError(new Error('Failed to disconnect'))).toBe('Failed to disconnect')
    expect(parseError(new TypeError('bad'))).toBe('bad')
    expect(parseError({ message: 'Request was aborted', code: 4001 })).toBe('Request was aborted')
  })

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['an object without message', { code: 1 }],
    ['an object with a non-string message', { message: { nested: true } }],
    ['an empty string', ''],
    ['a whitespace string', '  '],
    ['an Error with an empty message', new Error('')],
    ['a ZodError without issues', { name: 'ZodError', issues: [] }],
  ])('behavior: %s gives Unknown error', (_, e) => {
    expect(parseError(e)).toBe('Unknown error')
  })
})
