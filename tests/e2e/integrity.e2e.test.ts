/**
 * A plugin whose bytes do not match the manifest's sha384 is refused before any of its code runs, with an error
 * that says so, and the modal still opens.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server.ts'
import { demoUrl, kernelState, openPage } from '../utils/browser.ts'
import { bundleOf, isRemoteEntry } from '../utils/remoteEntry.ts'

const stack = inject('stack')
let dir: string
let cdn: StaticServer

/** A valid-looking sha384 SRI value that is not the file's. */
const WRONG = `sha384-${Buffer.alloc(48, 7).toString('base64')}`

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-tampered-cdn-'))
  cpSync(stack.cdnDir, dir, { recursive: true })
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
  manifest.connect.integrity = WRONG
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2))
  // the bundle that also holds connect is altered after the build: its bytes no longer match its hash either
  const bundle = manifest.connect.bundle as { entry: string } | undefined
  if (bundle) writeFileSync(join(dir, bundle.entry), readFileSync(join(dir, bundle.entry), 'utf8') + '\n/* altered */\n')
  cdn = await startStaticServer({ dir, port: 0, cors: true })
})
afterAll(async () => {
  await cdn?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('remote plugin integrity', () => {
  it('refuses a plugin with a wrong integrity hash, with a clear error, and the modal still opens', async () => {
    const demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', manifest: `${cdn.url}/manifest.json` }))
    try {
      await demo.page.getByTestId('connect-button').click()
      await demo.page.getByTestId('portico-modal').waitFor({ state: 'visible' })
      await demo.page.waitForFunction(() => (window as any).__portico.getState().plugins.byName.connect?.status === 'failed')
      const status = await kernelState(demo.page, 's => s.plugins.byName.connect')
      expect(status.error).toMatch(/integrity/i)
      expect(status.error).toContain('connect')
      // its code never ran: the federation container was never defined
      expect(await demo.page.evaluate(() => typeof (window as any).portico_connect)).toBe('undefined')
      // downloaded once, by its script tag carrying the manifest's hash: the browser refused the bytes (SRI)
      expect(demo.requests.filter((r) => isRemoteEntry(r.path, 'connect') && r.resourceType === 'script')).toHaveLength(1)
      const bundle = bundleOf(dir, 'connect')
      if (bundle) {
        // the altered bundle was refused once; its other plugins came from their own remotes and work
        expect(demo.requests.filter((r) => r.path === `/${bundle.entry}` && r.resourceType === 'script')).toHaveLength(1)
        expect(demo.console.some((m) => m.text.includes(`the bundle ${cdn.url}/${bundle.entry} could not be loaded`))).toBe(true)
        await demo.page.waitForFunction(() => (window as any).__portico.getState().plugins.byName.wallets?.status === 'ready')
        expect(demo.requests.some((r) => isRemoteEntry(r.path, 'wallets') && r.resourceType === 'script')).toBe(true)
        expect(await demo.page.evaluate((name) => typeof (window as any)[name], bundle.container)).toBe('undefined')
      }
      // the modal is usable: it still closes
      expect(await kernelState(demo.page, 's => s.modal.open')).toBe(true)
      await demo.page.keyboard.press('Escape')
      await demo.page.getByTestId('portico-modal').waitFor({ state: 'hidden' })
    } finally {
      await demo.close()
    }
  })
})

describe('remote chunk integrity', () => {
  let chunkDir: string
  let chunkCdn: StaticServer

  beforeAll(async () => {
    // the stack's CDN plus the `hello` fixture plugin, whose ./plugin chunk is then altered after the build
    chunkDir = mkdtempSync(join(tmpdir(), 'portico-chunk-cdn-'))
    const cdnDir = join(chunkDir, 'cdn')
    cpSync(stack.cdnDir, cdnDir, { recursive: true })
    const { build } = await import('../../scripts/lib/build.ts')
    const fixtures = join(import.meta.dirname, 'fixtures/plugins')
    const built = await build({ tsc: false, demo: false, pluginsDir: fixtures, cdnDir: join(chunkDir, 'fixture-cdn'), log: () => {} })
    expect(built.plugins.map((p) => p.name)).toEqual(['hello'])
    cpSync(join(chunkDir, 'fixture-cdn/hello'), join(cdnDir, 'hello'), { recursive: true })
    const manifest = JSON.parse(readFileSync(join(cdnDir, 'manifest.json'), 'utf8'))
    manifest.hello = JSON.parse(readFileSync(join(chunkDir, 'fixture-cdn/manifest.json'), 'utf8')).hello
    writeFileSync(join(cdnDir, 'manifest.json'), JSON.stringify(manifest, null, 2))
    const stats = JSON.parse(readFileSync(join(chunkDir, 'stats/hello.json'), 'utf8')) as { exposed: string[] }
    for (const chunk of stats.exposed) writeFileSync(join(cdnDir, 'hello', chunk), readFileSync(join(cdnDir, 'hello', chunk), 'utf8') + '\n/* altered */\n')
    chunkCdn = await startStaticServer({ dir: cdnDir, port: 0, cors: true })
  })
  afterAll(async () => {
    await chunkCdn?.close()
    if (chunkDir) rmSync(chunkDir, { recursive: true, force: true })
  })

  it('refuses an altered chunk of a remote (subresource integrity), and the other plugins keep working', async () => {
    const demo = await openPage(
      demoUrl(stack.urls.demo, { debug: '1', manifest: `${chunkCdn.url}/manifest.json`, features: 'connect,account,hello' }),
    )
    try {
      await demo.page.getByTestId('connect-button').click()
      await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible' })
      await demo.page.waitForFunction(() => (window as any).__portico.getState().plugins.byName.hello?.status === 'failed')
      // the entry matched the manifest and ran; the chunk it then asked for was refused by the browser
      expect(demo.requests.some((r) => isRemoteEntry(r.path, 'hello') && r.resourceType === 'script')).toBe(true)
      expect(demo.console.some((m) => /integrity/i.test(m.text) && m.text.includes('/hello/'))).toBe(true)
      expect(await kernelState(demo.page, 's => s.plugins.byName.connect.status')).toBe('ready')
    } finally {
      await demo.close()
    }
  })
})
