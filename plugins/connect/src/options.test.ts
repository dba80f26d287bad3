import { afterEach, describe, expect, it } from 'vitest'
import type { Kernel } from '@portico/kernel'
import { createTestKernel } from '@portico/tests/react'
import { customWalletLink, InvalidConnectOptionsError, loadConnectOptions } from './options.js'
import { parseConnectOptions } from './optionsSchema.js'
import { connect, type ConnectParameters } from './plugin.js'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
})

describe('connect options', () => {
  it('behavior: every option is off by default and valid options pass through', () => {
    expect(parseConnectOptions(undefined)).toEqual({})
    const options = {
      legal: { termsUrl: 'https://example.com/terms', privacyUrl: 'https://example.com/privacy' },
      collapseWallets: true,
      customWallets: [{ id: 'acme', name: 'Acme Wallet', imageUrl: 'https://example.com/acme.png', deepLink: 'acme://', universalLink: 'https://acme.app/wc', webappLink: 'https://web.acme.app' }],
    }
    expect(parseConnectOptions(options)).toEqual(options)
  })

  it('behavior: without options nothing is validated, so the schemas (and zod) stay unloaded; with options they load and check', async () => {
    expect(await loadConnectOptions(undefined)).toEqual({})
    expect(await loadConnectOptions({})).toEqual({})
    expect(await loadConnectOptions({ collapseWallets: true })).toEqual({ collapseWallets: true })
    await expect(loadConnectOptions({ collapseWallets: 'yes' })).rejects.toThrow(InvalidConnectOptionsError)
  })

  it.each([
    [{ legal: { termsUrl: 'javascript:alert(1)' } }, 'Invalid connect option `legal.termsUrl`: Expected an http(s) URL.'],
    [{ collapseWallets: 'yes' }, 'Invalid connect option `collapseWallets`'],
    [{ customWallets: [{ id: 'acme', name: 'Acme' }] }, 'Invalid connect option `customWallets.0`: Expected at least one of deepLink, universalLink or webappLink.'],
    [{ customWallets: [{ id: 'a b', name: 'Acme', webappLink: 'https://acme.app' }] }, 'Invalid connect option `customWallets.0.id`'],
    [{ customWallets: [{ id: 'acme', name: 'Acme', deepLink: 'javascript:alert(1)' }] }, 'Invalid connect option `customWallets.0.deepLink`'],
    [
      { customWallets: [{ id: 'acme', name: 'A', webappLink: 'https://a.app' }, { id: 'acme', name: 'B', webappLink: 'https://b.app' }] },
      'Invalid connect option `customWallets`: Expected each custom wallet to have its own id.',
    ],
  ])('error: %j is refused with a sentence naming the option', (input, message) => {
    expect(() => parseConnectOptions(input)).toThrow(InvalidConnectOptionsError)
    expect(() => parseConnectOptions(input)).toThrow(message)
  })

  it('error: a remote copy given bad `features.connect` fails its setup with that sentence, and the kernel keeps running', async () => {
    const kernel = createTestKernel({ plugins: [connect({ legal: { privacyUrl: 'not a url' } } as ConnectParameters)] })
    kernels.push(kernel)
    await kernel.ready
    const status = kernel.getState().plugins.byName.connect
    expect(status?.status).toBe('failed')
    expect(status && 'error' in status ? status.error : '').toContain('Invalid connect option `legal.privacyUrl`')
  })

  it('behavior: a custom wallet opens its app link on mobile and its web app (else universal link) on desktop', () => {
    const all = { id: 'a', name: 'A', deepLink: 'a://', universalLink: 'https://a.app/u', webappLink: 'https://web.a.app' }
    expect(customWalletLink(all, true)).toBe('a://')
    expect(customWalletLink(all, false)).toBe('https://web.a.app')
    expect(customWalletLink({ id: 'a', name: 'A', universalLink: 'https://a.app/u' }, false)).toBe('https://a.app/u')
    expect(customWalletLink({ id: 'a', name: 'A', universalLink: 'https://a.app/u' }, true)).toBe('https://a.app/u')
    expect(customWalletLink({ id: 'a', name: 'A', deepLink: 'a://' }, false)).toBeUndefined()
  })
})
