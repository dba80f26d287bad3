import { describe, expect, it } from 'vitest'
import { satisfies } from './version.js'

describe('satisfies', () => {
  it.each([
    ['1.0.0', '^1.0.0', true],
    ['1.9.3', '^1.2.0', true],
    ['2.0.0', '^1.2.0', false],
    ['1.1.9', '^1.2.0', false],
    ['0.2.5', '^0.2.0', true],
    ['0.3.0', '^0.2.0', false],
    ['1.2.9', '~1.2.0', true],
    ['1.3.0', '~1.2.0', false],
    ['1.5.0', '>=1.0.0 <2.0.0', true],
    ['2.0.0', '>=1.0.0 <2.0.0', false],
    ['1.7.1', '1.x', true],
    ['2.0.0', '1.x', false],
    ['3.1.4', '*', true],
    ['2.1.0', '^1.0.0 || ^2.0.0', true],
    ['1.0.0', '1.0.0', true],
    ['1.0.1', '1.0.0', false],
    ['not-a-version', '*', false],
  ])('behavior: %s in %s is %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected)
  })
})
