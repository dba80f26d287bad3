/**
 * A plugin from outside the repository, from another origin: examples/third-party-adapter, installed from the
 * packed tarballs, built with `portico-plugin build` and signed with `portico-plugin sign` into the stack's
 * "third-party CDN" (its own port), whose publisher key the demo pins by configuration (`?sources=`, which
 * `npm start` puts in the page config instead), not by a rebuild. The demo shows and uses its connector; a tampered entry, a tampered manifest, an unsigned
 * one and one signed by another key are each refused while the modal keeps working; a new version published to the
 * CDN is what the next page load runs.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { generatePublisherKey, signManifest } from '../../packages/plugin-build/src/sign.ts'
import { buildAndSign, DEFAULT_KEY_BASE, installExample, packPackages, setExampleVersion } from '../../scripts/example-third-party.ts'
import { thirdPartyCdnDirFor, thirdPartyKeyFileFor } from '../../scripts/lib/stack.ts'
import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server.ts'
import { demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { waitUntilStill } from '../utils/devWallet.ts'

const stack = inject('stack')
const cdn2Dir = thirdPartyCdnDirFor(stack.cdnDir)
const keyFile = thirdPartyKeyFileFor(stack.cdnDir)
/** anvil's fourth dev account: no wallet of the stack signs for it, so only watching it can show it. */
const WATCHED = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

let scratch: string
let work: string
let publicKey: string

/** The manifest the third-party CDN serves, as it is on disk: `{ manifest, signature }`. */
const served = () => JSON.parse(readFileSync(join(cdn2Dir, 'manifest.json'), 'utf8')) as { manifest: Record<string, { entry: string; version: string }>; signature: { publicKey: string } }

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'portico-third-party-e2e-'))
  const log = () => {}
  work = await installExample(await packPackages(join(scratch, 'tarballs'), log), log)
  ;({ publicKey } = await buildAndSign(work, { cdnDir: cdn2Dir, keyBase: DEFAULT_KEY_BASE, pubFile: keyFile }, log))
}, 900_000)

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
  if (work) rmSync(join(work, '..'), { recursive: true, force: true })
})

/** The demo with the third-party CDN as its extra source, pinned to the publisher's key (or the given `sources`). */
async function openDemo(query: Record<string, string> = {}, theme: 'light' | 'dark' = 'light'): Promise<DemoPage> {
  const sources = JSON.stringify([{ url: stack.urls.manifest2, publicKey }])
  return openPage(demoUrl(stack.urls.demo, { debug: '1', theme, sources, ...query }), { colorScheme: theme })
}

const pluginStatus = (demo: DemoPage, name: string) => kernelState(demo.page, `s => s.plugins.byName[${JSON.stringify(name)}]`)

describe('a third-party connector from a second CDN, its manifest signed', () => {
  it('is served signed, on its own origin, with the key the stack pins beside it', () => {
    expect(new URL(stack.urls.manifest2).port).toBe(String(stack.ports.cdn2))
    expect(served().signature.publicKey).toBe(publicKey)
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(publicKey)
  })

  it.each(['light', 'dark'] as const)('watches a typed address: the Account view shows it; signing is refused (%s)', async (theme) => {
    const demo = await openDemo({}, theme)
    try {
      await demo.page.getByTestId('connect-button').click()
      // the Connect view grows as wallets arrive: a click while it moves lands beside the row
      await waitUntilStill(demo.page, 'wallet-watch-address')
      await screenshot(demo.page, `third-party-connect-${theme}`)
      await demo.page.getByTestId('wallet-watch-address').click()
      const view = demo.page.getByTestId('view-watch-address/Watch')
      await view.waitFor({ state: 'visible' })
      // the plugin came from the second origin, its code checked against the signed manifest's hashes
      expect(demo.requests.some((r) => r.origin === stack.urls.cdn2 && r.path.endsWith('/remoteEntry.js') && r.resourceType === 'script')).toBe(true)
      await demo.page.getByTestId('watch-address-input').fill('0x1234')
      await demo.page.getByTestId('watch-address-submit').click()
      await expect.poll(() => demo.page.getByTestId('watch-address-error').textContent()).toBe('Enter an address: 0x followed by 40 hexadecimal characters.')
      await waitUntilStill(demo.page, 'watch-address-submit')
      await screenshot(demo.page, `third-party-watch-invalid-${theme}`)
      await demo.page.getByTestId('watch-address-input').fill(WATCHED)
      // typing clears the error
      expect(await demo.page.getByTestId('watch-address-error').count()).toBe(0)
      await waitUntilStill(demo.page, 'watch-address-submit')
      await screenshot(demo.page, `third-party-watch-${theme}`)
      await demo.page.getByTestId('watch-address-submit').click()
      await demo.page.getByTestId('demo-address').waitFor({ state: 'visible', timeout: 30_000 })
      expect(await demo.page.getByTestId('demo-address').getAttribute('title')).toBe(WATCHED)
      expect(await kernelState(demo.page, 's => s.chains.accounts.eip155.address')).toBe(WATCHED)
      await demo.page.getByTestId('connect-button').click()
      const account = demo.page.getByTestId('view-Account')
      await account.waitFor({ state: 'visible' })
      await expect.poll(() => account.getByTestId('account-address').getAttribute('title')).toBe(WATCHED)
      await demo.page.waitForTimeout(300)
      await screenshot(demo.page, `third-party-account-${theme}`)
      await demo.page.keyboard.press('Escape')
      await demo.page.getByTestId('portico-modal').waitFor({ state: 'hidden' })
      // no key: the page's "Sign message" gets the plugin's Portico error
      await demo.page.getByTestId('demo-sign').click()
      const result = demo.page.getByTestId('demo-sign-result')
      await expect.poll(() => result.getAttribute('data-status')).toBe('error')
      expect(await result.innerText()).toContain('This address is watched read-only: it cannot sign or send.')
      expect((await pluginStatus(demo, 'watch-address')).version).toBe('1.0.0')
    } finally {
      await demo.close()
    }
  })
})

describe('a third-party source that cannot be trusted is refused; the modal keeps working', () => {
  const servers: StaticServer[] = []
  const dirs: string[] = []

  /** A copy of the third-party CDN with one thing changed, on a port of its own. */
  async function tamperedCdn(change: (dir: string) => void): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'portico-tampered-third-party-'))
    dirs.push(dir)
    cpSync(cdn2Dir, dir, { recursive: true })
    change(dir)
    const server = await startStaticServer({ dir, port: 0, cors: true })
    servers.push(server)
    return `${server.url}/manifest.json`
  }
  const rewrite = (dir: string, edit: (signed: ReturnType<typeof served>) => unknown) =>
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(edit(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))), null, 2))

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })

  /** Opens the demo on `url` as its only extra source, pinned to the publisher's key, and opens the modal. */
  async function openWithSource(url: string): Promise<DemoPage> {
    const demo = await openDemo({ sources: JSON.stringify([{ url, publicKey }]) })
    await demo.page.getByTestId('connect-button').click()
    await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible' })
    await demo.page.waitForFunction(() => (window as any).__portico.getState().plugins.byName.connect?.status === 'ready')
    return demo
  }

  /** The modal still works: the first-party wallets are listed and it closes. */
  async function modalStillWorks(demo: DemoPage) {
    await demo.page.getByTestId('connector-dev.portico.wallet').waitFor({ state: 'visible' })
    await demo.page.keyboard.press('Escape')
    await demo.page.getByTestId('portico-modal').waitFor({ state: 'hidden' })
  }

  it('refuses an entry whose bytes changed after the manifest was signed (integrity)', async () => {
    const url = await tamperedCdn((dir) => {
      const entry = join(dir, served().manifest['watch-address']!.entry)
      writeFileSync(entry, `${readFileSync(entry, 'utf8')}\n;window.__tampered = true\n`)
    })
    const demo = await openWithSource(url)
    try {
      await demo.page.waitForFunction(() => (window as any).__portico.getState().plugins.byName['watch-address']?.status === 'failed')
      const status = await pluginStatus(demo, 'watch-address')
      expect(status.errorCode).toBe('PLUGIN_INTEGRITY_MISMATCH')
      expect(await demo.page.evaluate(() => (window as any).__tampered)).toBeUndefined()
      expect(await demo.page.getByTestId('wallet-watch-address').count()).toBe(0)
      await modalStillWorks(demo)
    } finally {
      await demo.close()
    }
  })

  const refusals = [
    {
      what: 'a manifest changed after it was signed',
      change: (dir: string) => rewrite(dir, (s) => ({ ...s, manifest: { ...s.manifest, 'watch-address': { ...s.manifest['watch-address'], version: '9.9.9' } } })),
      reason: 'its manifest does not match its signature (it was changed after it was signed)',
    },
    {
      what: 'a manifest signed by another key',
      change: (dir: string) => rewrite(dir, (s) => signManifest(s.manifest, generatePublisherKey().privateKeyPem)),
      reason: 'its manifest is signed by another key than the publisher key the host pins',
    },
    {
      what: 'an unsigned manifest',
      change: (dir: string) => rewrite(dir, (s) => s.manifest),
      reason: 'its manifest is not signed, but the host pins a publisher key for it',
    },
  ]

  it.each(refusals)('refuses $what, with a clear error naming the source', async ({ what, change, reason }) => {
    const url = await tamperedCdn(change)
    const demo = await openWithSource(url)
    try {
      const sentence = `The plugin source ${url} was refused: ${reason}.`
      await expect.poll(() => demo.console.some((m) => m.type === 'error' && m.text.includes(sentence)), { timeout: 10_000 }).toBe(true)
      // the visitor is told, in the modal's language
      await demo.page.getByTestId('toast').filter({ hasText: `Plugins from ${new URL(url).host} were refused.` }).waitFor({ state: 'visible' })
      if (what === refusals[0]!.what) await screenshot(demo.page, 'third-party-refused-light')
      expect(await pluginStatus(demo, 'watch-address')).toBeUndefined()
      // nothing of the refused source was fetched but its manifest
      expect(demo.requests.filter((r) => r.origin === new URL(url).origin).map((r) => r.path)).toEqual(['/manifest.json'])
      await modalStillWorks(demo)
    } finally {
      await demo.close()
    }
  })
})

describe('updating a published plugin: build, sign, upload', () => {
  it('a new version on the CDN is what the next page load runs, without rebuilding the demo', async () => {
    const demoBuilt = statSync(join(stack.demoDir, 'index.html')).mtimeMs
    const before = served().manifest['watch-address']!
    const oldFiles = readdirSync(join(cdn2Dir, 'watch-address'))
    setExampleVersion(work, '1.1.0')
    await buildAndSign(work, { cdnDir: cdn2Dir, keyBase: DEFAULT_KEY_BASE, pubFile: keyFile }, () => {})
    const after = served().manifest['watch-address']!
    expect(after.version).not.toBe(before.version)
    expect(after.entry).not.toBe(before.entry)
    // the earlier build's files are still served to pages running it
    for (const f of oldFiles) expect(readdirSync(join(cdn2Dir, 'watch-address'))).toContain(f)
    const demo = await openDemo()
    try {
      await demo.page.getByTestId('connect-button').click()
      await demo.page.waitForFunction(() => (window as any).__portico.getState().plugins.byName['watch-address']?.status === 'ready')
      expect((await pluginStatus(demo, 'watch-address')).version).toBe('1.1.0')
      expect(demo.requests.some((r) => r.url === new URL(after.entry, stack.urls.manifest2).href)).toBe(true)
      await demo.page.getByTestId('wallet-watch-address').waitFor({ state: 'visible' })
    } finally {
      await demo.close()
    }
    expect(statSync(join(stack.demoDir, 'index.html')).mtimeMs).toBe(demoBuilt)
  })
})
