import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { errorMessage } from './errorMessage.js'

describe('errorMessage', () => {
  it('behavior: a thrown string is the message; an empty one falls back', () => {
    expect(errorMessage('Chain is not supported')).toBe('Chain is not supported')
    expect(errorMessage('')).toBe('Something went wrong')
  })

  it("behavior: a zod-like error gives its first issue, prefixed with the issue's path", () => {
    expect(errorMessage({ issues: [{ message: 'Expected string', path: ['x', 'entry'] }, { message: 'second' }] })).toBe('x.entry: Expected string')
    expect(errorMessage({ issues: [{ message: 'Invalid input', path: [] }] })).toBe('Invalid input')
    expect(errorMessage({ issues: [{ message: 'No path' }] })).toBe('No path')
    expect(errorMessage({ issues: [{ message: 'Index', path: ['list', 0, 'id'] }] })).toBe('list.0.id: Index')
  })

  it('behavior: a real zod error reads as its first issue with the path', () => {
    const result = z.object({ a: z.object({ b: z.string() }) }).safeParse({ a: { b: 1 } })
    expect(result.success).toBe(false)
    expect(errorMessage(result.error)).toMatch(/^a\.b: /)
  })

  it('behavior: shortMessage wins over message (viem errors carry a long message)', () => {
    const viemLike = Object.assign(new Error('User rejected the request.\n\nDetails: …\nVersion: viem@2'), { shortMessage: 'User rejected the request.' })
    expect(errorMessage(viemLike)).toBe('User rejected the request.')
    expect(errorMessage(Object.assign(new Error('the message'), { shortMessage: '' }))).toBe('the message')
    expect(errorMessage({ message: 'plain object' })).toBe('plain object')
  })

  it('behavior: anything else falls back, to the default or to the given sentence', () => {
    for (const value of [undefined, null, 42, true, {}, { message: 7 }, new Error(''), { issues: [] }]) {
      expect(errorMessage(value)).toBe('Something went wrong')
    }
    expect(errorMessage({}, 'Unknown error')).toBe('Unknown error')
    expect(errorMessage(new Error('kept'), 'Unknown error')).toBe('kept')
  })
})
