/**
 * The pages of the social sign-in on the frame origin: the popup's first page (`/v1/social/loading`, opened by the
 * app before it knows where to go), the provider's return (`/v1/social/callback/<provider>`) and a result opened by
 * hand. Static text; the return page's data is HTML-escaped JSON in a meta tag, read by `/v1/social/popup.js`.
 */

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Headers of these pages: scripts from this origin only (popup.js), no framing, no referrer (the URL has the code). */
export const SOCIAL_PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
}

const page = (title: string, body: string, head = '') => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${title}</title>${head}
<style>:root{color-scheme:light dark}body{font:16px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;text-align:center}
.spinner{width:28px;height:28px;margin:0 auto 16px;border-radius:50%;border:3px solid #8884;border-top-color:#2563eb;animation:s .8s linear infinite}
@keyframes s{to{transform:rotate(360deg)}}@media (prefers-reduced-motion:reduce){.spinner{animation:none}}</style>
</head>
<body>${body}</body>
</html>`

/** The popup's first page, shown while the frame prepares the provider's URL. */
export function renderLoadingPage(): string {
  return page('Connecting…', '<div class="spinner" aria-hidden="true"></div><p data-testid="social-loading" role="status">Connecting to the sign-in page…</p>')
}

export type CallbackPageKind = 'unknown' | 'used' | 'expired'

const FAILED: Record<CallbackPageKind, { title: string; text: string }> = {
  unknown: { title: 'Sign-in not valid', text: 'This sign-in link is not valid. Close this window and start again from the app.' },
  used: { title: 'Sign-in already used', text: 'This sign-in link was already used. Close this window and start again from the app.' },
  expired: { title: 'Sign-in expired', text: 'This sign-in took too long. Close this window and start again from the app.' },
}

/** A callback that cannot be used (unknown, replayed or expired state): says so, posts nothing. */
export function renderCallbackFailedPage(kind: CallbackPageKind): string {
  const { title, text } = FAILED[kind]
  return page(`Portico: ${title}`, `<h1>${title}</h1><p data-testid="social-callback" data-result="${kind}">${text}</p>`)
}

/** What popup.js does with a finished callback. */
export interface CallbackHandoff {
  resultUri: string
  /** The app page (origin checked against the project at start): the popup's opener must be on its origin. */
  returnUrl: string
}

/**
 * The provider's return: popup.js posts `{ resultUri }` to the opener with the app's origin as target and closes the
 * window; with no opener (popup blocked, Telegram, mobile) it goes back to the app page with `?result_uri=`.
 */
export function renderCallbackPage(handoff: CallbackHandoff, failed: boolean): string {
  const meta = `<meta name="portico-social" content="${escapeAttr(JSON.stringify(handoff))}"><script src="/v1/social/popup.js" defer></script>`
  return page(
    failed ? 'Portico: sign-in failed' : 'Portico: signed in',
    `<div class="spinner" aria-hidden="true"></div><p data-testid="social-callback" data-result="${failed ? 'failed' : 'done'}" role="status">Returning to the app…</p>`,
    meta,
  )
}

/** A result opened by hand (copied link): nothing to do here. */
export function renderResultPage(): string {
  return page('Portico', '<p data-testid="social-result">You can close this window and go back to the app.</p>')
}

/**
 * The return page's script (served as a file, so the page's CSP allows no inline script). The target origin of the
 * message is the app's, so no other page that opened this window can read the result.
 */
export const POPUP_SCRIPT = `(() => {
  const meta = document.querySelector('meta[name="portico-social"]')
  if (!meta) return
  let data
  try { data = JSON.parse(meta.getAttribute('content') || '') } catch { return }
  if (!data || typeof data.resultUri !== 'string' || typeof data.returnUrl !== 'string') return
  const target = new URL(data.returnUrl)
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage({ type: 'portico-social-result', resultUri: data.resultUri }, target.origin)
    setTimeout(() => window.close(), 50)
    return
  }
  target.searchParams.set('result_uri', data.resultUri)
  location.replace(target.href)
})()
`
