import { definePlugin } from '@portico/contracts/plugin'
import { jaMessages } from './messages.js'

/**
 * Japanese for the modal: the kernel's and the first-party plugins' text under their English keys. As a remote it
 * loads when the locale becomes `ja` (the `locale` option or `kernel.setLocale('ja')`); bundled, it costs no request.
 *
 * @example
 * createKernel({ projectId, locale: 'ja', plugins: [localeJa()] })
 */
export function localeJa() {
  return definePlugin({
    name: 'locale-ja',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    locales: ['ja'],
    messages: { ja: jaMessages },
  })
}

export default localeJa
