/** npm run test:e2e — the e2e suite alone (builds first when dist is missing). Extra args go to vitest. */
import { build, isBuilt } from './lib/build.ts'
import { ensureChromium } from './lib/chromium.ts'
import { runVitest } from './lib/vitest-run.ts'

if (!isBuilt()) await build()
ensureChromium()
const counts = await runVitest(['--config', 'tests/e2e/vitest.config.ts', ...process.argv.slice(2)])
console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`)
process.exit(counts.failed > 0 ? 1 : 0)
