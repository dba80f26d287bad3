/** A host page's runtime config as a meta tag (no inline script, so a strict CSP still holds). */

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * `html` with `config` as its `<meta name="portico-config">` (the page reads it at start, over its build-time
 * defaults), in place of one already there.
 */
export function injectPageConfig(html: string, config: object): string {
  const meta = `<meta name="portico-config" content="${escapeAttr(JSON.stringify(config))}">`
  return html.replace(/<meta name="portico-config"[^>]*>/, '').replace('</head>', `${meta}</head>`)
}
