import { describe, expect, it } from 'vitest'
import * as spec from './index.js'

describe('spec exports', () => {
  it('behavior: every exported schema is a zod schema and every function has a name', () => {
    for (const [name, value] of Object.entries(spec)) {
      if (name.endsWith('Schema')) expect(typeof (value as { safeParse?: unknown }).safeParse, name).toBe('function')
      if (typeof value === 'function') expect(value.name, name).toBe(name)
    }
  })
})
