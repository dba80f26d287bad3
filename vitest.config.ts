import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

/** Workspace packages resolve to their TypeScript sources in tests, so no build is needed first. */
const alias = [
  { find: /^@portico\/contracts\/zod-config$/, replacement: here('./contracts/src/zodConfig.ts') },
  { find: /^@portico\/contracts\/([a-z]+)$/, replacement: here('./contracts/src/exports/$1.ts') },
  { find: /^@portico\/siwx-verify$/, replacement: here('./services/siwx-verify/src/index.ts') },
  { find: /^@portico\/service-api$/, replacement: here('./services/api/src/index.ts') },
  { find: /^@portico\/service-api\/(testing|db)$/, replacement: here('./services/api/src/$1/index.ts') },
  { find: /^@portico\/service-api\/http$/, replacement: here('./services/api/src/httpListener.ts') },
  { find: /^@portico\/kernel$/, replacement: here('./kernel/src/exports/index.ts') },
  { find: /^@portico\/kernel\/icons$/, replacement: here('./kernel/src/exports/icons.ts') },
  // before the plugins' alias: @portico/plugin-build is a package, not a plugin
  { find: /^@portico\/(conformance|plugin-build)$/, replacement: here('./packages/$1/src/index.ts') },
  { find: /^@portico\/plugin-([a-z-]+)$/, replacement: here('./plugins/$1/src/exports/index.ts') },
  { find: /^@portico\/(wagmi|ethers|ethers5)$/, replacement: here('./packages/$1/src/index.ts') },
  // the local Solana chain's browser-safe keys, without the node-only server
  { find: /^@portico\/tests\/solana\/keys$/, replacement: here('./tests/solana/keys.ts') },
  // no extension: vite resolves index.ts or index.tsx (@portico/tests/react holds JSX)
  { find: /^@portico\/tests\/(.*)$/, replacement: here('./tests/$1/index') },
]

const project = (name: string, root: string, environment: 'node' | 'jsdom', extra: object = {}) => ({
  resolve: { alias },
  test: {
    name,
    root: here(root),
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    environment,
    ...extra,
  },
})

export default defineConfig({
  test: {
    projects: [
      project('contracts', './contracts', 'node'),
      // DOM suites: 20 s per test (vitest's default 5 s is too short for a test that imports every module of the
      // kernel, or renders through lazy views, on a loaded 2-core CI machine); their waits are 5 s (setupDom.ts)
      project('kernel', './kernel', 'jsdom', { setupFiles: [here('./tests/utils/setupDom.ts')], testTimeout: 20_000 }),
      project('plugins', './plugins', 'jsdom', { setupFiles: [here('./tests/utils/setupDom.ts')], testTimeout: 20_000 }),
      project('packages', './packages', 'jsdom', { setupFiles: [here('./tests/utils/setupDom.ts')], testTimeout: 30_000, hookTimeout: 60_000 }),
      project('services', './services', 'node', { testTimeout: 30_000, hookTimeout: 60_000 }),
      project('tests', './tests', 'node', { testTimeout: 60_000, hookTimeout: 120_000 }),
      project('hosts', './hosts', 'node'),
    ],
  },
})
