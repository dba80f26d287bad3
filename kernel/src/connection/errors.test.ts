import { describe, expect, it } from 'vitest'
import { isUserRejection } from './errors.js'

describe('isUserRejection', () => {
  it("behavior: only the stable code USER_REJECTED counts, on the error or along its cause chain", () => {
    expect(isUserRejection({ code: 'USER_REJECTED' })).toBe(true)
    expect(isUserRejection(new Error('outer', { cause: new Error('middle', { cause: { code: 'USER_REJECTED' } }) }))).toBe(true)
    expect(isUserRejection(new Error('no'))).toBe(false)
    expect(isUserRejection(undefined)).toBe(false)
    expect(isUserRejection('USER_REJECTED')).toBe(false)
  })

  it("behavior: wallet protocols' codes (4001, 5000) are the adapters' to map, not rejections to the kernel", () => {
    expect(isUserRejection({ code: 4001 })).toBe(false)
    expect(isUserRejection({ code: 5000 })).toBe(false)
    expect(isUserRejection(new Error('wrapped', { cause: { code: 4001 } }))).toBe(false)
  })

  it('error: a cause cycle ends instead of recursing forever', () => {
    const a: { code?: unknown; cause?: unknown } = { code: 1 }
    const b = { code: 2, cause: a }
    a.cause = b
    expect(isUserRejection(a)).toBe(false)
  })
})
