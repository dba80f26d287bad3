/**
 * npm test — the build, every unit project (`vitest run`), then the e2e suite in Chromium. Exits non-zero on any
 * failure and ends with the plain line `N passed, N failed`.
 */
import { ensureChromium } from './lib/chromium.ts'
import { runCommand, runVitest, type Counts } from './lib/vitest-run.ts'

const started = Date.now()
const total = { passed: 0, failed: 0, skipped: 0 }
const add = (c: Omit<Counts, 'exitCode'>) => {
  total.passed += c.passed
  total.failed += c.failed
  total.skipped += c.skipped
}
const section = (title: string) => console.log(`\n=== ${title} ===\n`)

section('build')
const buildOk = (await runCommand('npm', ['run', 'build'])) === 0
if (!buildOk) {
  console.error('build failed')
  total.failed += 1
}

section('unit tests (vitest run)')
const unit = await runVitest([])
add(unit)

section('e2e tests (Chromium)')
if (buildOk) {
  ensureChromium()
  add(await runVitest(['--config', 'tests/e2e/vitest.config.ts']))
} else {
  console.error('e2e skipped: the build failed')
  total.failed += 1
}

const secs = ((Date.now() - started) / 1000).toFixed(0)
console.log(`\nnpm test finished in ${secs} s`)
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`)
process.exit(total.failed > 0 ? 1 : 0)
