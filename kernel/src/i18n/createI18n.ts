/** English defaults for the kernel's own strings; plugins bring theirs through `messages`. */
export const kernelMessages: Record<string, string> = {
  'modal.label': 'Connect a wallet',
  'modal.close': 'Close',
  'modal.back': 'Back',
  'connectButton.connect': 'Connect Wallet',
  'connectButton.connecting': 'Connecting…',
  'view.loading': 'Loading…',
  'view.failed': 'This screen could not be loaded.',
  'view.notFound': 'Nothing here: no plugin provides the "{view}" screen.',
  'view.retry': 'Try again',
  'view.crashed': 'Something went wrong on this screen.',
  'notification.close': 'Dismiss notification',
  'alert.dismiss': 'Dismiss',
  'alert.projectIdMissing.title': 'Project ID Not Configured',
  'alert.projectIdMissing.message': 'Set `projectId` in the Portico options. Projects are created on your api service.',
  'alert.networkNotFound.title': 'Network Not Found',
  'alert.networkNotFound.message': 'The network must be in the networks array of the Portico options.',
  'alert.invalidConfig.title': 'Invalid App Configuration',
  'alert.invalidProjectId.message': 'The project id is not known to the api service. Check `projectId` in the Portico options.',
  'alert.originNotAllowed.message': "This site's origin is not on the project's allowlist. Add it to the project on your api service.",
  'plugin.failed': 'The {plugin} plugin could not be loaded.',
  'plugin.sourceRefused': 'Plugins from {source} were refused.',
  'toast.transactionStarted': 'Transaction started',
  'toast.signatureDeclined': 'Signature declined',
  'toast.smartAccountUnsupported': 'This application might not support Smart Accounts',
  'toast.somethingWentWrong': 'Something went wrong',
  'toast.walletDisconnected': '{wallet} ended the connection',
}

export type Messages = Record<string, Record<string, string>>
export type Params = Record<string, string | number>

export type I18n = {
  /**
   * The text of `key` in the current locale, else its language, else English, else the key. `{name}` takes
   * `params.name`; numbers are written the locale's way. With a numeric `count` param, `key.<plural category>`
   * (`one`, `few`, `other`… of the locale's plural rules) is looked up first, then `key.other`, then `key`.
   */
  t: (key: string, params?: Params) => string
  add: (messages: Readonly<Record<string, Readonly<Record<string, string>>>>) => void
  /** The current BCP 47 locale (`en`, `es`, `ar-EG`…). */
  readonly locale: string
  setLocale: (locale: string) => void
  /** Whether any messages are known for `locale` or its language (so no language pack needs loading). */
  has: (locale: string) => boolean
}

/** Scripts written right to left; `Intl.Locale#getTextInfo` is not in every browser yet. */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi'])

/** The language of a locale tag: `es-MX` → `es`. */
export const languageOf = (locale: string) => locale.split(/[-_]/)[0]!.toLowerCase()

/** `rtl` for locales whose script runs right to left. */
export const directionOf = (locale: string): 'ltr' | 'rtl' => (RTL_LANGUAGES.has(languageOf(locale)) ? 'rtl' : 'ltr')

/**
 * The canonical form of a BCP 47 tag (`ES-mx` → `es-MX`), or undefined when it is not one. Without `Intl`
 * support for the check, any non-empty tag of letters, digits and dashes passes.
 */
export function canonicalLocale(locale: unknown): string | undefined {
  if (typeof locale !== 'string' || !/^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/.test(locale)) return undefined
  try {
    return Intl.getCanonicalLocales(locale.replace(/_/g, '-'))[0]
  } catch {
    return undefined
  }
}

export const LOCALE_MESSAGE = 'Locale must be a BCP 47 language tag, such as `es` or `pt-BR`.'

/** A small i18n layer: keys with `{param}` placeholders and plural variants; the locale can change at runtime. */
export function createI18n(initialLocale = 'en', initial: Messages = {}): I18n {
  const catalog: Messages = { en: { ...kernelMessages } }
  let locale = canonicalLocale(initialLocale) ?? 'en'
  let numbers: Intl.NumberFormat | undefined
  let plurals: Intl.PluralRules | undefined
  const merge = (messages: Readonly<Record<string, Readonly<Record<string, string>>>>) => {
    for (const [lang, entries] of Object.entries(messages)) {
      const code = canonicalLocale(lang) ?? lang
      catalog[code] = { ...catalog[code], ...entries }
    }
  }
  // the host's own messages (`initial`) stay on top of every plugin's and pack's, whenever those arrive
  const add: I18n['add'] = (messages) => (merge(messages), merge(initial))
  merge(initial)
  const chain = () => [catalog[locale], catalog[languageOf(locale)], catalog.en]
  const lookup = (key: string) => {
    for (const c of chain()) if (c?.[key] !== undefined) return c[key]
    return undefined
  }
  // the first catalogue with any form of the key answers, so an English form never wins over the locale's `other`
  const lookupPlural = (key: string, count: number) => {
    const category = (plurals ??= new Intl.PluralRules(locale)).select(count)
    for (const c of chain()) {
      const text = c?.[`${key}.${category}`] ?? c?.[`${key}.other`]
      if (text !== undefined) return text
    }
    return undefined
  }
  const number = (n: number) => (numbers ??= new Intl.NumberFormat(locale)).format(n)
  return {
    get locale() {
      return locale
    },
    add,
    has: (code) => Boolean(catalog[code] ?? catalog[languageOf(code)]),
    setLocale(next) {
      locale = canonicalLocale(next) ?? locale
      numbers = plurals = undefined
    },
    t(key, params) {
      const count = params?.count
      const template = (typeof count === 'number' ? lookupPlural(key, count) : undefined) ?? lookup(key) ?? key
      if (!params) return template
      return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
        const value = params[name]
        return value === undefined ? whole : typeof value === 'number' ? number(value) : value
      })
    },
  }
}
