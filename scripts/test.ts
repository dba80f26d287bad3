/**
 * npm test — the build, every unit project (`vitest run`, with services/api's suites also on a throwaway
 * PostgreSQL: PORTICO_TEST_POSTGRES=1), then the e2e suite in Chromium against one stack. Installs Debian's
 * postgresql and chromium with apt when they are missing. Exits non-zero on any failure and ends with the plain
 * line `N passed, N failed` (`, N skipped` only when something was skipped).
 */
import { ensureChromium } from './lib/chromium.ts'
import { ensurePostgres } from './lib/postgres.ts'
import { runCommand, runVitest, type Counts } from './lib/vitest-run.ts'
import { publishThirdPartyExample } from './example-third-party.ts'

const started = Date.now()
const total = { passed: 0, failed: 0, skipped: 0 }
const failures: string[] = []
const add = (c: Omit<Counts, 'exitCode'>) => {
  total.passed += c.passed
  total.failed += c.failed
  total.skipped += c.skipped
  failures.push(...c.failures)
}
const section = (title: string) => console.log(`\n=== ${title} ===\n`)

section('build')
const buildOk = (await runCommand('npm', ['run', 'build'])) === 0
if (!buildOk) {
  console.error('build failed')
  total.failed += 1
  failures.push('npm run build failed')
}

// examples/third-party-adapter from the packed tarballs: its tests, then built and signed onto the third-party CDN
if (buildOk) {
  section('third-party example (packed packages)')
  add(await publishThirdPartyExample())
}

section('unit tests (vitest run)')
let postgres = false
try {
  console.log(`PostgreSQL leg of services/api: ${ensurePostgres()}`)
  postgres = true
} catch (error) {
  console.error(`PostgreSQL unavailable, its leg is skipped: ${error instanceof Error ? error.message : error}`)
  total.failed += 1
  failures.push('PostgreSQL unavailable: the PostgreSQL leg of services/api did not run')
}
const unit = await runVitest([], postgres ? { PORTICO_TEST_POSTGRES: '1' } : {})
add(unit)

section('e2e tests (Chromium)')
if (buildOk) {
  try {
    ensureChromium()
    add(await runVitest(['--config', 'tests/e2e/vitest.config.ts']))
  } catch (error) {
    console.error(`e2e not run: ${error instanceof Error ? error.message : error}`)
    total.failed += 1
    failures.push(`e2e not run: ${error instanceof Error ? error.message : error}`)
  }
} else {
  console.error('e2e skipped: the build failed')
  total.failed += 1
  failures.push('e2e skipped: the build failed')
}

const secs = ((Date.now() - started) / 1000).toFixed(0)
console.log(`\nnpm test finished in ${secs} s`)
// the failures again at the very end, where a truncated CI log still shows them
if (failures.length) console.log(`failed:\n${failures.map((f) => `  ${f}`).join('\n')}`)
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`)
process.exit(total.failed > 0 ? 1 : 0)
