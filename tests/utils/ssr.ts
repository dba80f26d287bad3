/**
 * The SSR safety check every UI plugin runs: each module of the plugin, views included, imports without a DOM.
 *
 * The calling test file must start with `// @vitest-environment node` and pass its own
 * `import.meta.glob(['./**\/*.{ts,tsx}', '!./**\/*.test.{ts,tsx}'])`: vite expands the glob at compile time relative to
 * the file it is written in, so the plugin's src dir is fixed by where the call sits, not by an argument.
 */
import { describe, expect, it } from 'vitest'

export type ModuleGlob = Record<string, () => Promise<unknown>>

export function describeSsrSafety(modules: ModuleGlob) {
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
}
