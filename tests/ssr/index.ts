/**
 * `@portico/tests/ssr`: the SSR safety check every UI plugin runs: each module of the plugin, views included, imports
 * without a DOM.
 *
 * The calling test file must start with `// @vitest-environment node` and pass its own
 * `import.meta.glob(['./**\/*.{ts,tsx}', '!./**\/*.test.{ts,tsx}'])`: vite expands the glob at compile time relative to
 * the file it is written in, so the plugin's src dir is fixed by where the call sits, not by an argument.
 */
import { describe, expect, it } from 'vitest'

export type ModuleGlob = Record<string, () => Promise<unknown>>

/** Imports every module of the glob; the ones that threw, with their message. */
export async function importFailures(modules: ModuleGlob): Promise<string[]> {
  const failures: string[] = []
  for (const [path, load] of Object.entries(modules)) {
    try {
      await load()
    } catch (error) {
      failures.push(`${path}: ${(error as Error).message}`)
    }
  }
  return failures
}

export function describeSsrSafety(modules: ModuleGlob) {
  describe('SSR safety', () => {
    it('behavior: every module of the plugin, views included, imports without a DOM', async () => {
      expect(typeof window).toBe('undefined')
      const paths = Object.keys(modules)
      expect(paths).toContain('./plugin.ts')
      expect(await importFailures(modules)).toEqual([])
    })
  })
}
