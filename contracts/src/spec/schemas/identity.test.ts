import { describe, expect, it } from 'vitest'
import { IdentitySchema, NameServiceStateSchema } from './identity.js'

describe('IdentitySchema / NameServiceStateSchema', () => {
  it('behavior: name and avatar may be null but not missing', () => {
    expect(IdentitySchema.parse({ name: null, avatar: null })).toEqual({ name: null, avatar: null })
    expect(IdentitySchema.safeParse({ name: 'alice.reown.id' }).success).toBe(false)
    expect(NameServiceStateSchema.parse({ suggestions: [{ name: 'alice', registered: false }], loading: true }).loading).toBe(true)
  })
})
