import { describe, expect, it } from 'vitest'
import { ThemeSyncSchema } from './theme.js'

describe('ThemeSyncSchema', () => {
  it('behavior: theme mode light or dark; variables are strings or numbers', () => {
    const theme = { themeMode: 'dark', themeVariables: { '--w3m-z-index': 100, '--w3m-accent': '#f00' } }
    expect(ThemeSyncSchema.parse(theme)).toEqual(theme)
    expect(ThemeSyncSchema.safeParse({ themeMode: 'sepia' }).success).toBe(false)
    expect(ThemeSyncSchema.safeParse({ w3mThemeVariables: { a: 1 } }).success).toBe(false)
  })
})
