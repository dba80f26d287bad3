import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import evm from '@portico/plugin-evm'
import injected from '@portico/plugin-injected'
import { describe, expect, it } from 'vitest'
import evmPackage from '../../plugins/evm/package.json' with { type: 'json' }
import injectedPackage from '../../plugins/injected/package.json' with { type: 'json' }
import { describePlugin } from './index.js'

// The plugins again, in node (no window): setup must not touch what is not there (SSR).
describePlugin(() => evm(), { packageJson: evmPackage })
describePlugin(() => injected(), { packageJson: injectedPackage })

describe('conformance kits', () => {
  it('behavior: every check fails on a deliberately broken adapter, connector and plugin', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url))
    const dir = mkdtempSync(join(tmpdir(), 'portico-conformance-'))
    const out = join(dir, 'report.json')
    try {
      await new Promise<void>((resolve) => {
        execFile(
          process.execPath,
          [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'tests/conformance/fixtures/vitest.config.ts', '--reporter=json', `--outputFile=${out}`],
          { cwd: root, timeout: 120_000 },
          () => resolve(), // failing tests make vitest exit non-zero: the report is what counts
        )
      })
      const report = JSON.parse(readFileSync(out, 'utf8')) as { testResults: { assertionResults: { fullName: string; status: string }[] }[] }
      const results = report.testResults.flatMap((f) => f.assertionResults)
      const bySuite = (prefix: string) => results.filter((r) => r.fullName.startsWith(prefix))
      expect(bySuite('chain adapter conformance: broken adapter')).toHaveLength(11)
      expect(bySuite('connector conformance: broken connector')).toHaveLength(4)
      expect(bySuite('plugin conformance: Bad_Name')).toHaveLength(5)
      expect(results.filter((r) => r.status !== 'failed').map((r) => r.fullName)).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
