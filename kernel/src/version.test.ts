import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { satisfies } from '@portico/contracts/plugin'
import { KERNEL_VERSION } from './version.js'

describe('KERNEL_VERSION', () => {
  it('shape: equals the version in kernel/package.json', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }
    expect(KERNEL_VERSION).toBe(pkg.version)
  })

  it('shape: is a plain semver version that its own caret range accepts', () => {
    expect(KERNEL_VERSION).toMatch(/^\d+\.\d+\.\d+$/)
    expect(satisfies(KERNEL_VERSION, `^${KERNEL_VERSION}`)).toBe(true)
  })
})
