import { describe, expect, it } from 'vitest'
import { DEFAULT_PORTS, TEST_PORTS, portsFromEnv, urlsFor } from '../../../scripts/lib/ports.ts'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inlineManifestInPage } from '../../../scripts/lib/build.ts'
import { demoCsp, demoRuntimeConfig, demoSources, injectDemoConfig, stackEnv, thirdPartyCdnDirFor, thirdPartyKeyFileFor } from '../../../scripts/lib/stack.ts'

describe('ports', () => {
  it('behavior: defaults, env overrides, and test ports beside them', () => {
    expect(DEFAULT_PORTS).toEqual({ demo: 4300, cdn: 4301, bundled: 4302, wagmi: 4303, composer: 4304, cdn2: 4305, api: 4310, frame: 4320, smtp: 4325, idp: 4321, relay: 4330, onramp: 4340, anvil: 8545, anvil2: 8546, bundler: 4337, bundler2: 4338, solana: 8899, solanaWs: 8900 })
    // the frame's dev SMTP sink moves with the rest of a stack
    expect(portsFromEnv({ PORTICO_SMTP_SINK_PORT: '5325' }).smtp).toBe(5325)
    expect(TEST_PORTS.smtp).toBe(14325)
    expect(portsFromEnv({ PORTICO_DEMO_PORT: '5300', PORTICO_ANVIL2_PORT: '9546' })).toMatchObject({ demo: 5300, cdn: 4301, anvil2: 9546 })
    expect(TEST_PORTS.demo).toBe(14300)
    expect(portsFromEnv({ PORTICO_BUNDLED_PORT: '5302' }).bundled).toBe(5302)
    expect(urlsFor(DEFAULT_PORTS).bundled).toBe('http://localhost:4302')
    expect(portsFromEnv({ PORTICO_WAGMI_PORT: '5303' }).wagmi).toBe(5303)
    expect(urlsFor(DEFAULT_PORTS).wagmi).toBe('http://localhost:4303')
    expect(portsFromEnv({ PORTICO_COMPOSER_PORT: '5304' }).composer).toBe(5304)
    expect(urlsFor(DEFAULT_PORTS).composer).toBe('http://localhost:4304')
    // the onramp sandbox's checkout site (a listener of the api process), moved with the rest in tests
    expect(portsFromEnv({ PORTICO_ONRAMP_PORT: '5340' }).onramp).toBe(5340)
    expect(TEST_PORTS.onramp).toBe(14340)
    expect(urlsFor(DEFAULT_PORTS).onramp).toBe('http://localhost:4340')
    // the ERC-4337 bundlers (alto) of the two chains
    expect(portsFromEnv({ PORTICO_BUNDLER_PORT: '5337', PORTICO_BUNDLER2_PORT: '5338' })).toMatchObject({ bundler: 5337, bundler2: 5338 })
    expect(TEST_PORTS.bundler2).toBe(14338)
    expect(urlsFor(DEFAULT_PORTS).bundler).toBe('http://localhost:4337')
  })

  it('error: a port that is not a number is refused with the variable named', () => {
    expect(() => portsFromEnv({ PORTICO_CDN_PORT: 'abc' })).toThrow('PORTICO_CDN_PORT=abc is not a port number')
    expect(() => portsFromEnv({ PORTICO_CDN_PORT: '70000' })).toThrow('not a port number')
  })
})

describe('demo page config', () => {
  const urls = urlsFor(DEFAULT_PORTS)

  it('behavior: the meta tag carries the stack URLs, escaped, replacing any earlier one', () => {
    const html = '<html><head><meta name="portico-config" content="{}"><title>x</title></head></html>'
    const out = injectDemoConfig(html, { ...demoRuntimeConfig(urls), note: `a "quoted" <b>` })
    expect(out.match(/portico-config/g)).toHaveLength(1)
    const content = /content="([^"]*)"/.exec(out)![1]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&')
    expect(JSON.parse(content)).toMatchObject({
      manifestUrl: 'http://localhost:4301/manifest.json',
      api: 'http://localhost:4310',
      relay: 'ws://localhost:4330',
      rpc: { '31337': 'http://localhost:8545', '31338': 'http://localhost:8546' },
      note: 'a "quoted" <b>',
    })
    expect(out).not.toContain('dev-wallet.js')
    expect(injectDemoConfig(html, {}, { devWallet: true })).toContain('<script defer src="/dev-wallet.js"></script></head>')
  })

  it('behavior: the built demo page carries the manifest it was built with; the stack replaces that config whole', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-page-'))
    const metaOf = (html: string) => JSON.parse(/content="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&'))
    try {
      const page = join(dir, 'index.html')
      const manifest = { connect: { entry: 'connect/0.1.0+abc/remoteEntry.js', integrity: `sha384-${'A'.repeat(64)}`, version: '0.1.0+abc', views: ['Connect'], note: '<&">' } }
      inlineManifestInPage(join(dir, 'missing.html'), manifest) // no page built: nothing written
      writeFileSync(page, '<html><head><title>x</title></head><body></body></html>')
      inlineManifestInPage(page, manifest)
      inlineManifestInPage(page, manifest) // a rebuild replaces it
      const built = readFileSync(page, 'utf8')
      expect(built.match(/portico-config/g)).toHaveLength(1)
      expect(metaOf(built)).toEqual({ manifest })
      const served = injectDemoConfig(built, { manifestUrl: 'http://localhost:4301/manifest.json' })
      expect(served.match(/portico-config/g)).toHaveLength(1)
      expect(metaOf(served)).toEqual({ manifestUrl: 'http://localhost:4301/manifest.json' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('behavior: the strict CSP allows scripts from the page and the plugin CDN only', () => {
    expect(demoCsp(urls.cdn)).toBe("script-src 'self' http://localhost:4301; object-src 'none'")
    expect(demoCsp(urls.cdn, urls.cdn2)).toBe("script-src 'self' http://localhost:4301 http://localhost:4305; object-src 'none'")
  })

  it('behavior: the third-party CDN is a source once it has a manifest (inlined), pinned to the key beside it; env adds more', () => {
    const dist = mkdtempSync(join(tmpdir(), 'portico-sources-'))
    try {
      const cdnDir = join(dist, 'cdn')
      expect(demoSources(cdnDir, urls, {})).toEqual([])
      mkdirSync(thirdPartyCdnDirFor(cdnDir), { recursive: true })
      writeFileSync(join(thirdPartyCdnDirFor(cdnDir), 'manifest.json'), '{}')
      expect(demoSources(cdnDir, urls, {})).toEqual([{ url: 'http://localhost:4305/manifest.json', manifest: {} }])
      writeFileSync(thirdPartyKeyFileFor(cdnDir), `${'k'.repeat(43)}\n`)
      const extra = { url: 'https://plugins.acme.example/manifest.json', publicKey: 'p'.repeat(43) }
      expect(demoSources(cdnDir, urls, { PORTICO_DEMO_SOURCES: JSON.stringify([extra]) })).toEqual([
        { url: 'http://localhost:4305/manifest.json', publicKey: 'k'.repeat(43), manifest: {} },
        extra,
      ])
      expect(() => demoSources(cdnDir, urls, { PORTICO_DEMO_SOURCES: 'nope' })).toThrow('PORTICO_DEMO_SOURCES is not JSON')
      expect(() => demoSources(cdnDir, urls, { PORTICO_DEMO_SOURCES: '[{"publicKey":"x"}]' })).toThrow('PORTICO_DEMO_SOURCES must be an array')
    } finally {
      rmSync(dist, { recursive: true, force: true })
    }
  })

  it('behavior: services get every port and URL in env', () => {
    const env = stackEnv(DEFAULT_PORTS, urls)
    expect(env).toMatchObject({
      PORTICO_API_PORT: '4310',
      PORTICO_ONRAMP_PORT: '4340',
      PORTICO_RPC_31338: 'http://localhost:8546',
      PORTICO_BUNDLED_PORT: '4302',
      PORTICO_DEV_ORIGINS: 'http://localhost:4300,http://127.0.0.1:4300,http://localhost:4302,http://127.0.0.1:4302,http://localhost:4303,http://127.0.0.1:4303,http://localhost:4304,http://127.0.0.1:4304',
      PORTICO_API_CHAINS: '31337=http://127.0.0.1:8545,31338=http://127.0.0.1:8546',
    })
  })
})
