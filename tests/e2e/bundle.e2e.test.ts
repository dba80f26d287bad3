/**
 * The first-open bundle: the plugins that load on open come as one container beside their own remotes. A page
 * takes a plugin from the bundle only while the bundle holds the build its manifest entry lists, and only when it
 * switched on at least half of the bundle; otherwise from the plugin's own remote.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server.ts'
import { demoUrl, kernelState, openPage, type DemoPage } from '../utils/browser.ts'
import { bundleOf, isRemoteEntry } from '../utils/remoteEntry.ts'

const stack = inject('stack')
type Manifest = Record<string, { version: string; activation: string; bundle?: { entry: string; container: string; members: Record<string, string> } }>
const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest

let demo: DemoPage | undefined
let dir: string | undefined
let cdn: StaticServer | undefined
afterAll(async () => {
  await demo?.close()
  await cdn?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const statusOf = (page: DemoPage['page'], name: string) => kernelState<string | undefined>(page, `s => s.plugins.byName[${JSON.stringify(name)}]?.status`)

describe('first-open bundle', () => {
  let members: string[] = []
  let bundle: NonNullable<ReturnType<typeof bundleOf>>

  beforeAll(() => {
    const b = bundleOf(stack.cdnDir, 'connect')
    expect(b, 'the build makes a bundle of the first-open plugins').toBeDefined()
    bundle = b!
    members = Object.keys(bundle.members)
    // every member is an open plugin whose manifest entry names this bundle and this very build
    const m = manifest(stack.cdnDir)
    for (const name of members) {
      expect(m[name]!.activation, name).toBe('open')
      expect(m[name]!.bundle?.entry, name).toBe(bundle.entry)
      expect(bundle.members[name], name).toBe(m[name]!.version)
    }
  })

  it('the first open downloads the bundle once and none of its members\' own entries; each member is set up from it', async () => {
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1' }))
    await demo.page.getByTestId('connect-button').click()
    await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible' })
    await demo.page.getByTestId('connector-walletConnect').waitFor({ state: 'visible' })
    expect(demo.requests.filter((r) => r.path === `/${bundle.entry}`)).toHaveLength(1)
    for (const name of members) {
      expect(demo.requests.some((r) => isRemoteEntry(r.path, name)), `${name}'s own entry`).toBe(false)
      expect(await statusOf(demo.page, name), name).toBe('ready')
    }
    // one container for all of them, and no per-plugin container
    expect(await demo.page.evaluate((c) => typeof (window as any)[c], bundle.container)).toBe('object')
    expect(await demo.page.evaluate(() => typeof (window as any).portico_connect)).toBe('undefined')
    expect(demo.pageErrors).toEqual([])
    await demo.close()
    demo = undefined
  })

  it('a member published again on its own (the manifest lists another build) loads from its own remote, the others from the bundle', async () => {
    dir = mkdtempSync(join(tmpdir(), 'portico-bundle-cdn-'))
    cpSync(stack.cdnDir, dir, { recursive: true })
    const m = manifest(dir)
    // the same files under a new version: what the manifest says after `portico-plugin build` of connect alone
    m.connect!.version = `${m.connect!.version.split('+')[0]}+0000000001`
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(m, null, 2))
    cdn = await startStaticServer({ dir, port: 0, cors: true })
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', manifest: `${cdn.url}/manifest.json` }))
    await demo.page.getByTestId('connect-button').click()
    await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible' })
    expect(demo.requests.filter((r) => isRemoteEntry(r.path, 'connect'))).toHaveLength(1)
    expect(demo.requests.filter((r) => r.path === `/${bundle.entry}`)).toHaveLength(1)
    for (const name of members.filter((n) => n !== 'connect')) expect(demo.requests.some((r) => isRemoteEntry(r.path, name)), name).toBe(false)
    expect(await statusOf(demo.page, 'connect')).toBe('ready')
    expect(await demo.page.evaluate(() => typeof (window as any).portico_connect)).toBe('object')
    expect(demo.pageErrors).toEqual([])
    await demo.close()
    demo = undefined
  })

  it('a page that switched most of the bundle off loads the rest from their own remotes', async () => {
    const off = members.filter((n) => !['connect', 'evm', 'injected'].includes(n))
    expect(off.length * 2).toBeGreaterThan(members.length)
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', off: off.join(',') }))
    await demo.page.getByTestId('connect-button').click()
    await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible' })
    await demo.page.waitForFunction(() => (window as any).__portico.getState().plugins.byName.connect?.status === 'ready')
    expect(demo.requests.some((r) => r.path === `/${bundle.entry}`)).toBe(false)
    for (const name of ['connect', 'evm', 'injected']) expect(demo.requests.filter((r) => isRemoteEntry(r.path, name)), name).toHaveLength(1)
    expect(demo.pageErrors).toEqual([])
  })
})
