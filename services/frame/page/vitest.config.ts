import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

/** `npx vitest run --root services/frame/page`: the page's unit tests alone (the root config runs them too). */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@portico\/contracts\/zod-config$/, replacement: here('../../../contracts/src/zodConfig.ts') },
      { find: /^@portico\/contracts\/([a-z]+)$/, replacement: here('../../../contracts/src/exports/$1.ts') },
    ],
  },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
})
