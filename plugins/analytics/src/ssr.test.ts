// @vitest-environment node
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest'

const modules = import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'])

describe('SSR safety', () => {
  it('behavior: every module of the plugin, views included, imports without a DOM', async () => {
    expect(typeof window).toBe('undefined')
    const paths = Object.keys(modules)
    expect(paths).toContain('./plugin.ts')
    const failures: string[] = []
    for (const path of paths) {
      try {
        await modules[path]!()
      } catch (error) {
        failures.push(`${path}: ${(error as Error).message}`)
      }
    }
    expect(failures).toEqual([])
  })
})
