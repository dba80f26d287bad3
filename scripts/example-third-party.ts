/**
 * The outside adapter as proof (examples/third-party-adapter): packs this repository's publishable packages, installs
 * the tarballs (not workspace links) into a temporary copy of the example, outside the repository, runs its tests
 * and type check, builds it with `portico-plugin build` and signs its manifest with `portico-plugin sign` into the
 * stack's "third-party CDN" folder, with the publisher's public key beside that folder (where the stack reads the
 * key the demo pins). `npm test` and `npm start` call it; alone:
 *
 *   npx tsx scripts/example-third-party.ts [--cdn <dir>] [--version <semver>] [--skip-tests]
 *
 * `--cdn` defaults to dist/third-party-cdn; the private key stays in .portico/third-party/publisher.key (made on
 * first use, mode 0600), so the pinned key does not change between runs.
 */
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { thirdPartyCdnDirFor } from './lib/stack.ts'
import { CDN_DIR, ROOT } from './lib/workspace.ts'

/** The example's folder in this repository. */
export const EXAMPLE_DIR = join(ROOT, 'examples/third-party-adapter')

/** The packages an outside author installs, by workspace folder. */
export const PUBLISHED_WORKSPACES = ['contracts', 'kernel', 'packages/conformance', 'packages/plugin-build'] as const

/** Where the example's publisher key lives between runs (not served, not committed). */
export const DEFAULT_KEY_BASE = join(ROOT, '.portico/third-party/publisher')

export type ExampleCounts = { passed: number; failed: number; skipped: number; failures: string[] }

type Log = (line: string) => void

function run(command: string, args: readonly string[], cwd: string, log: Log): Promise<string> {
  return new Promise((ok, fail) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, npm_config_update_notifier: 'false' }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let output = ''
    child.stdout.on('data', (d: Buffer) => ((stdout += d), (output += d)))
    child.stderr.on('data', (d: Buffer) => (output += d))
    child.on('error', fail)
    child.on('exit', (code) => {
      if (code === 0) return ok(stdout)
      log(output)
      fail(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited with ${code}`))
    })
  })
}

/**
 * Packs the publishable packages into `dir` (each package's `prepack` builds it); returns each package name's
 * tarball path.
 *
 * @example
 * const tarballs = await packPackages('/tmp/tarballs') // { '@portico/kernel': '/tmp/tarballs/portico-kernel-0.1.0.tgz', … }
 */
export async function packPackages(dir: string, log: Log = console.log): Promise<Record<string, string>> {
  mkdirSync(dir, { recursive: true })
  const out = await run('npm', ['pack', '--json', '--pack-destination', dir, ...PUBLISHED_WORKSPACES.map((w) => `./${w}`)], ROOT, log)
  // the prepack scripts may print before the JSON
  const packed = JSON.parse(out.slice(out.search(/^\[/m))) as { name: string; filename: string }[]
  return Object.fromEntries(packed.map((p) => [p.name, join(dir, p.filename.replace(/^@/, '').replace(/\//, '-'))]))
}

/**
 * A copy of the example outside the repository with the tarballs installed (no lockfile, no workspace links).
 *
 * @example
 * const work = await installExample(tarballs) // /tmp/portico-third-party-…/example
 */
export async function installExample(tarballs: Record<string, string>, log: Log = console.log): Promise<string> {
  const work = join(mkdtempSync(join(tmpdir(), 'portico-third-party-')), 'example')
  cpSync(EXAMPLE_DIR, work, { recursive: true, filter: (src) => !/[/\\](node_modules|dist)([/\\]|$)/.test(src.slice(EXAMPLE_DIR.length)) })
  const pkg = JSON.parse(readFileSync(join(work, 'package.json'), 'utf8'))
  for (const [name, file] of Object.entries(tarballs)) {
    if (!existsSync(file)) throw new Error(`the tarball of ${name} is missing: ${file}`)
    if (pkg.devDependencies?.[name]) pkg.devDependencies[name] = `file:${file}`
  }
  writeFileSync(join(work, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`)
  log(`installing the example from the tarballs in ${work}`)
  await run('npm', ['install', '--no-package-lock', '--no-audit', '--no-fund', '--prefer-offline', '--install-links'], work, log)
  return work
}

/** The example's own tests (its vitest, from its install) and type check, counted. */
export async function testExample(work: string, log: Log = console.log): Promise<ExampleCounts> {
  const report = join(work, 'vitest-report.json')
  const failures: string[] = []
  try {
    await run(join(work, 'node_modules/.bin/vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], work, log)
  } catch (error) {
    if (!existsSync(report)) failures.push(`examples/third-party-adapter: ${(error as Error).message}`)
  }
  const json = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : {}
  for (const file of json.testResults ?? [])
    for (const a of file.assertionResults ?? []) if (a.status === 'failed') failures.push(`examples/third-party-adapter > ${a.fullName}: ${String(a.failureMessages?.[0] ?? '').split('\n')[0]}`)
  let passed = json.numPassedTests ?? 0
  try {
    await run(join(work, 'node_modules/.bin/tsc'), ['--noEmit', '-p', 'tsconfig.json'], work, log)
    passed += 1
  } catch (error) {
    failures.push(`examples/third-party-adapter typecheck: ${(error as Error).message}`)
  }
  return { passed, failed: failures.length, skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0), failures }
}

/** Sets the version the example publishes (its package.json and its definition's `VERSION`). */
export function setExampleVersion(work: string, version: string): void {
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) throw new Error(`${version} is not a semver version`)
  const pkgFile = join(work, 'package.json')
  writeFileSync(pkgFile, readFileSync(pkgFile, 'utf8').replace(/"version": "[^"]+"/, `"version": "${version}"`))
  const pluginFile = join(work, 'src/plugin.ts')
  const source = readFileSync(pluginFile, 'utf8')
  if (!/export const VERSION = '[^']+'/.test(source)) throw new Error(`${pluginFile} has no \`export const VERSION = '…'\``)
  writeFileSync(pluginFile, source.replace(/export const VERSION = '[^']+'/, `export const VERSION = '${version}'`))
}

/**
 * Builds the installed example into `cdnDir` with its own `portico-plugin`, and signs the manifest with the key at
 * `keyBase`.key (made with `portico-plugin keygen` when missing); the public key is copied to `pubFile`. Earlier
 * builds in `cdnDir` stay (published files are immutable); the manifest then lists this build only.
 *
 * @example
 * await buildAndSign(work, { cdnDir: 'dist/third-party-cdn', keyBase: '.portico/third-party/publisher', pubFile: 'dist/third-party-publisher.pub' })
 */
export async function buildAndSign(work: string, options: { cdnDir: string; keyBase: string; pubFile: string }, log: Log = console.log): Promise<{ publicKey: string }> {
  const bin = join(work, 'node_modules/.bin/portico-plugin')
  mkdirSync(options.cdnDir, { recursive: true })
  const unsigned = join(work, 'manifest.json')
  rmSync(unsigned, { force: true })
  log(await run(bin, ['build', work, '--out', options.cdnDir, '--manifest', unsigned, '--replace'], work, log))
  if (!existsSync(`${options.keyBase}.key`)) {
    mkdirSync(dirname(options.keyBase), { recursive: true })
    log(await run(bin, ['keygen', '--out', options.keyBase], work, log))
  }
  log(await run(bin, ['sign', unsigned, '--key', `${options.keyBase}.key`, '--out', join(options.cdnDir, 'manifest.json')], work, log))
  const publicKey = readFileSync(`${options.keyBase}.pub`, 'utf8').trim()
  mkdirSync(dirname(options.pubFile), { recursive: true })
  writeFileSync(options.pubFile, `${publicKey}\n`)
  return { publicKey }
}

export type PublishOptions = {
  /** The third-party CDN folder (default: dist/third-party-cdn). */
  cdnDir?: string
  /** Default: .portico/third-party/publisher (.key and .pub). */
  keyBase?: string
  /** Where the public key is written for the stack (default: `third-party-publisher.pub` beside `cdnDir`, where the stack reads it). */
  pubFile?: string
  version?: string
  skipTests?: boolean
  log?: Log
}

/**
 * Packs, installs, tests, builds and signs the example into the third-party CDN folder; returns the example's test
 * counts (a step that fails is counted as a failure, not thrown).
 *
 * @example
 * const counts = await publishThirdPartyExample() // then `npm start` serves it on the third-party CDN
 */
export async function publishThirdPartyExample(options: PublishOptions = {}): Promise<ExampleCounts> {
  const log = options.log ?? console.log
  const cdnDir = resolve(options.cdnDir ?? thirdPartyCdnDirFor(CDN_DIR))
  const counts: ExampleCounts = { passed: 0, failed: 0, skipped: 0, failures: [] }
  const scratch = mkdtempSync(join(tmpdir(), 'portico-tarballs-'))
  try {
    const tarballs = await packPackages(scratch, log)
    log(`packed: ${Object.values(tarballs).map((t) => t.slice(scratch.length + 1)).join(', ')}`)
    const work = await installExample(tarballs, log)
    try {
      if (!options.skipTests) Object.assign(counts, await testExample(work, log))
      if (options.version) setExampleVersion(work, options.version)
      const { publicKey } = await buildAndSign(work, { cdnDir, keyBase: options.keyBase ?? DEFAULT_KEY_BASE, pubFile: options.pubFile ?? join(dirname(cdnDir), 'third-party-publisher.pub') }, log)
      log(`published the third-party example to ${cdnDir}, signed by ${publicKey}`)
    } finally {
      rmSync(dirname(work), { recursive: true, force: true })
    }
  } catch (error) {
    counts.failed += 1
    counts.failures.push(`third-party example: ${(error as Error).message}`)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
  return counts
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { cdn: { type: 'string' }, version: { type: 'string' }, 'skip-tests': { type: 'boolean' } } })
  const counts = await publishThirdPartyExample({ ...(values.cdn ? { cdnDir: values.cdn } : {}), ...(values.version ? { version: values.version } : {}), skipTests: values['skip-tests'] ?? false })
  if (counts.failures.length) console.error(`failed:\n${counts.failures.map((f) => `  ${f}`).join('\n')}`)
  console.log(`${counts.passed} passed, ${counts.failed} failed`)
  process.exit(counts.failed ? 1 : 0)
}
