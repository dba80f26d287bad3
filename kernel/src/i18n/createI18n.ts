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
  'plugin.failed': 'The {plugin} plugin could not be loaded.',
}

export type Messages = Record<string, Record<string, string>>

export type I18n = {
  t: (key: string, params?: Record<string, string | number>) => string
  add: (messages: Readonly<Record<string, Readonly<Record<string, string>>>>) => void
  locale: string
}

/** A small i18n layer: keys with `{param}` placeholders, the locale first, then English, then the key itself. */
export function createI18n(locale = 'en', initial: Messages = {}): I18n {
  const catalog: Messages = { en: { ...kernelMessages } }
  const add: I18n['add'] = (messages) => {
    for (const [lang, entries] of Object.entries(messages)) catalog[lang] = { ...catalog[lang], ...entries }
  }
  add(initial)
  return {
    locale,
    add,
    t(key, params) {
      const template = catalog[locale]?.[key] ?? catalog.en?.[key] ?? key
      if (!params) return template
      return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
    },
  }
}
