/**
 * Debian Chromium driven by playwright-core: installed with apt when missing, launched headless with a fresh
 * profile each time (`launchPersistentContext(dir)`; `--user-data-dir` in args would throw).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'

export const CHROMIUM = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Whether fontconfig knows a font for Japanese (the language pack's screenshots need one; Arabic is in DejaVu). */
function hasJapaneseFont(): boolean {
  const r = spawnSync('fc-list', [':lang=ja'], { encoding: 'utf8' })
  return r.status === 0 && r.stdout.trim() !== ''
}

/**
 * Installs Debian's chromium when it is missing, and a Japanese font (IPA Gothic, 12 MB) when none is there, so
 * the Japanese pack's screenshots show text instead of boxes (we are root on the dev and CI machines).
 */
export function ensureChromium(log: (line: string) => void = console.log): void {
  const packages = [...(existsSync(CHROMIUM) ? [] : ['chromium']), ...(existsSync(CHROMIUM) && hasJapaneseFont() ? [] : ['fonts-ipafont-gothic'])]
  if (!packages.length) return
  log(`installing ${packages.join(' and ')} with apt-get`)
  const steps = [
    ['apt-get', ['update']],
    ['apt-get', ['install', '-y', ...packages]],
  ] as const
  for (const [cmd, args] of steps) {
    const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`)
  }
  if (!existsSync(CHROMIUM)) throw new Error(`chromium installed but ${CHROMIUM} is still missing`)
}

export type LaunchOptions = {
  viewport?: { width: number; height: number }
  colorScheme?: 'light' | 'dark'
}

export type Browser = { context: BrowserContext; close: () => Promise<void> }

export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'portico-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
  })
  return {
    context,
    async close() {
      await context.close().catch(() => {})
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
