import { describe, expect, it } from 'vitest'
import { completeOrder, DEFAULT_COMPOSITION, moveMethod, parseHash, toHash, withPlugin, type Composition } from './composition.js'

describe('URL hash', () => {
  it('behavior: a composition survives the round trip through its hash', () => {
    const c: Composition = {
      plugins: ['evm', 'walletconnect', 'connect', 'locale-es'],
      themeMode: 'dark',
      accent: '#e11d48',
      cardRadius: 12,
      controlRadius: 6,
      font: 'serif',
      connectMethodsOrder: ['wallet', 'email', 'social'],
      legal: true,
      collapseWallets: true,
      networkSwitch: false,
      allowUnsupportedChain: true,
      locale: 'es',
    }
    expect(toHash(c)).toBe(
      '#plugins=evm,walletconnect,connect,locale-es&theme=dark&accent=%23e11d48&cardRadius=12&controlRadius=6&font=serif&order=wallet,email,social&legal=1&collapse=1&networkSwitch=0&unsupported=1&locale=es',
    )
    expect(parseHash(toHash(c))).toEqual(c)
  })

  it('behavior: the defaults make a short hash, and an empty hash is the default composition', () => {
    expect(toHash(DEFAULT_COMPOSITION)).toBe('#plugins=evm,injected,connect,account')
    expect(parseHash('')).toEqual(DEFAULT_COMPOSITION)
  })

  it('behavior: an empty plugin list stays empty (nothing picked is a composition too)', () => {
    expect(parseHash('#plugins=').plugins).toEqual([])
  })

  it('error: malformed fields keep their defaults, the valid ones still apply', () => {
    const c = parseHash('#plugins=evm,Bad_Name,evm,connect&theme=blue&accent=red&cardRadius=999&controlRadius=-1&font=comic&order=wallet,nope&legal=yes&locale=<x>')
    expect(c).toEqual({ ...DEFAULT_COMPOSITION, plugins: ['evm', 'connect'], connectMethodsOrder: ['wallet', 'email', 'social'] })
  })
})

describe('picking', () => {
  const localesOf = (name: string) => (name === 'locale-es' ? ['es'] : name === 'locale-ja' ? ['ja'] : [])

  it('behavior: picking a language pack shows the modal in it; unpicking it goes back to English', () => {
    const es = withPlugin(DEFAULT_COMPOSITION, 'locale-es', true, localesOf)
    expect(es).toMatchObject({ plugins: [...DEFAULT_COMPOSITION.plugins, 'locale-es'], locale: 'es' })
    const ja = withPlugin(es, 'locale-ja', true, localesOf)
    expect(withPlugin(ja, 'locale-es', false, localesOf).locale).toBe('ja')
    expect(withPlugin(ja, 'locale-ja', false, localesOf).locale).toBe('en')
  })

  it('behavior: picking twice keeps one entry', () => {
    expect(withPlugin(DEFAULT_COMPOSITION, 'evm', true).plugins).toEqual(DEFAULT_COMPOSITION.plugins)
  })

  it('behavior: connect methods move one place, not past either end; an order lists every method once', () => {
    expect(moveMethod(['email', 'social', 'wallet'], 'wallet', -1)).toEqual(['email', 'wallet', 'social'])
    expect(moveMethod(['email', 'social', 'wallet'], 'email', -1)).toEqual(['email', 'social', 'wallet'])
    expect(completeOrder(['wallet', 'wallet'])).toEqual(['wallet', 'email', 'social'])
  })
})
