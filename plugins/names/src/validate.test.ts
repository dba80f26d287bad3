import { describe, expect, it } from 'vitest'
import { fullName, nameProblem, normalizeName } from './validate.js'

describe('nameProblem', () => {
  it('behavior: letters, digits and hyphens of at least 4 characters pass', () => {
    for (const name of ['abcd', 'a-b-', 'Alice', '1234', 'x'.repeat(63)]) expect(nameProblem(name), name).toBeUndefined()
  })
  it('error: other characters, fewer than 4 or more than 63 are refused with their reason', () => {
    expect(nameProblem('abc')).toEqual({ key: 'names.error.length', params: { min: 4 } })
    expect(nameProblem('al ice')).toEqual({ key: 'names.error.characters' })
    expect(nameProblem('alice.eth')).toEqual({ key: 'names.error.characters' })
    expect(nameProblem('ålice')).toEqual({ key: 'names.error.characters' })
    expect(nameProblem('x'.repeat(64))).toEqual({ key: 'names.error.tooLong', params: { max: 63 } })
  })
  it('behavior: an empty field has no problem yet', () => {
    expect(nameProblem('')).toBeUndefined()
  })
})

describe('fullName and normalizeName', () => {
  it('behavior: the suffix is added once, lowercase', () => {
    expect(fullName('Alice', '.portico.id')).toBe('alice.portico.id')
    expect(fullName('alice.portico.id', '.portico.id')).toBe('alice.portico.id')
    expect(normalizeName(' AliCe ')).toBe('alice')
  })
})
