import { definePlugin } from '@portico/contracts/plugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../kernel/createKernel.js'
import type { Kernel } from '../kernel/types.js'
import { createMemoryStorage } from '../storage/createStorage.js'

// the federation runtime, replaced by one that "runs" an entry by handing back a plugin named after its remote
vi.mock('./federation.js', () => ({
  injectExternalRuntimeCore: () => ({ name: 'core' }),
  createInstance: () => ({
    registerRemotes: () => {},
    loadRemote: async (id: string) => {
      const name = id.replace(/^portico_/, '').replace(/\/plugin$/, '').replace(/_/g, '-')
      return { default: () => definePlugin({ name, version: '1.0.0', contracts: '^1.0.0', views: name === 'connect' ? { Connect: { load: async () => ({ default: () => null }) } } : {} }) }
    },
  }),
}))

const SRI = `sha384-${'A'.repeat(64)}`
const entry = (name: string) => ({ entry: `${name}/remoteEntry.js`, integrity: SRI, version: '1.0.0', views: name === 'connect' ? ['Connect'] : [], activation: 'open' })
const OWN = 'https://cdn.own.test/manifest.json'
const THIRD = 'https://plugins.acme.test/manifest.json'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
  vi.unstubAllGlobals()
})

function kernelWith(locale = 'en') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL | Request) => {
      if (String(url) === OWN) return new Response(JSON.stringify({ connect: entry('connect') }))
      // the third party's manifest, unsigned, while the host pins its key
      if (String(url) === THIRD) return new Response(JSON.stringify({ 'watch-address': entry('watch-address') }))
      return new Response('nope', { status: 404 })
    }),
  )
  const kernel = createKernel({
    projectId: 'p',
    storage: createMemoryStorage(),
    locale,
    messages: { es: { 'plugin.sourceRefused': 'Se rechazaron los plugins de {source}.' } },
    remotes: { manifestUrl: OWN, sources: [{ url: THIRD, publicKey: 'A'.repeat(43) }] },
  })
  kernels.push(kernel)
  return kernel
}

describe('kernel: a refused plugin source', () => {
  it("behavior: the modal opens with the other sources' plugins and a toast names the refused source's host", async () => {
    const kernel = kernelWith()
    await kernel.open()
    expect(kernel.router.current()?.view).toBe('Connect')
    expect(kernel.getState().plugins.byName.connect?.status).toBe('ready')
    expect(kernel.getState().plugins.byName['watch-address']).toBeUndefined()
    expect(kernel.getState().notifications.toast).toMatchObject({ open: true, variant: 'error', message: 'Plugins from plugins.acme.test were refused.' })
  })

  it("behavior: the toast speaks the modal's language", async () => {
    const kernel = kernelWith('es')
    await kernel.open()
    expect(kernel.getState().notifications.toast.message).toBe('Se rechazaron los plugins de plugins.acme.test.')
  })
})
