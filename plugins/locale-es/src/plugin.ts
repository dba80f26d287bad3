import { definePlugin } from '@portico/contracts/plugin'
import { esMessages } from './messages.js'

/**
 * Spanish for the modal: the kernel's and the first-party plugins' text under their English keys. As a remote it
 * loads when the locale becomes `es` (the `locale` option or `kernel.setLocale('es')`); bundled, it costs no request.
 *
 * @example
 * createKernel({ projectId, locale: 'es', plugins: [localeEs()] })
 */
export function localeEs() {
  return definePlugin({
    name: 'locale-es',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    locales: ['es'],
    messages: { es: esMessages },
  })
}

export default localeEs
