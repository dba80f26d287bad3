import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** The e2e suite: real Chromium against the real stack (started once by globalSetup on the test ports). */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./globalSetup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // one Chromium at a time on a 2-core machine
    maxWorkers: 1,
  },
})
