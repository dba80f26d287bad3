/** Runs vitest as a child process and reads its pass/fail counts from the JSON reporter. */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './workspace.ts'

export type Counts = { passed: number; failed: number; skipped: number; exitCode: number; failures: string[] }

export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((ok) => {
    // its own process group, so Ctrl-C on us reaches everything it started through our handler
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } })
    const forward = (signal: NodeJS.Signals) => child.kill(signal)
    process.on('SIGINT', forward)
    process.on('SIGTERM', forward)
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward)
      process.off('SIGTERM', forward)
      ok(code ?? (signal ? 1 : 0))
    })
  })
}

export async function runVitest(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Counts> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-vitest-'))
  const report = join(dir, 'report.json')
  const exitCode = await runCommand(process.execPath, [
    join(ROOT, 'node_modules/vitest/vitest.mjs'),
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ], env)
  let counts: Counts = { passed: 0, failed: 0, skipped: 0, exitCode, failures: [] }
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'))
    counts = {
      passed: json.numPassedTests ?? 0,
      failed: json.numFailedTests ?? 0,
      skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
      exitCode,
      failures: failuresOf(json),
    }
    // a suite that failed to load (syntax error, failing hook) has no failed test but still failed
    const brokenSuites = (json.testResults ?? []).filter(
      (r: { status: string; assertionResults?: unknown[] }) => r.status === 'failed' && !(r.assertionResults ?? []).some((a: any) => a.status === 'failed'),
    ).length
    counts.failed += brokenSuites
  } else if (exitCode !== 0) {
    counts.failed = 1
    counts.failures.push(`vitest ${args.join(' ')} exited with ${exitCode} and wrote no report`)
  }
  if (exitCode !== 0 && counts.failed === 0) {
    counts.failed = 1
    counts.failures.push(`vitest ${args.join(' ')} exited with ${exitCode} with no failed test in its report`)
  }
  rmSync(dir, { recursive: true, force: true })
  return counts
}

type Report = {
  testResults?: {
    name: string
    status: string
    message?: string
    assertionResults?: { status: string; fullName?: string; failureMessages?: string[] }[]
  }[]
}

/** One line per failed test or broken suite: the file, the test's name and the first line of its error. */
function failuresOf(json: Report): string[] {
  const firstLine = (text: string | undefined) => (text ?? '').split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? ''
  const lines: string[] = []
  for (const file of json.testResults ?? []) {
    const where = file.name.startsWith(ROOT) ? file.name.slice(ROOT.length + 1) : file.name
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed')
    for (const a of failed) lines.push(`${where} > ${a.fullName ?? '?'}: ${firstLine(a.failureMessages?.[0])}`)
    if (file.status === 'failed' && failed.length === 0) lines.push(`${where} (suite failed): ${firstLine(file.message)}`)
  }
  return lines
}
