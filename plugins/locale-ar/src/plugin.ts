import { definePlugin } from '@portico/contracts/plugin'
import { arMessages } from './messages.js'

/**
 * Arabic for the modal: the kernel's and the first-party plugins' text under their English keys. The modal lays itself out right to left in it. As a remote it
 * loads when the locale becomes `ar` (the `locale` option or `kernel.setLocale('ar')`); bundled, it costs no request.
 *
 * @example
 * createKernel({ projectId, locale: 'ar', plugins: [localeAr()] })
 */
export function localeAr() {
  return definePlugin({
    name: 'locale-ar',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    locales: ['ar'],
    messages: { ar: arMessages },
  })
}

export default localeAr
