import type { DevIdpProvider } from './accounts.js'

/** How each stand-in names itself on its sign-in page. */
export const PROVIDER_LABELS: Record<DevIdpProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * Headers of the sign-in page: no script at all, and no framing. No `form-action`: Chromium applies it to the whole
 * redirect chain of the form's POST, which ends at the app's callback on another origin.
 */
export const SIGN_IN_PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'Cache-Control': 'no-store',
  'Content-Type': 'text/html; charset=utf-8',
}

/**
 * The dev identity provider's sign-in page: a person types any test user (the same name is the same account), an
 * optional email and whether the provider says it is verified, then signs in or cancels (the app gets
 * `access_denied`). A page of plain forms: it works with scripts off.
 */
export function renderSignInPage(options: { provider: DevIdpProvider; uid: string; clientId: string; error?: string; username?: string }): string {
  const { provider, uid, error } = options
  const label = PROVIDER_LABELS[provider]
  const action = `/${provider}/interaction/${encodeURIComponent(uid)}`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in with ${label} · Portico dev identity provider</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { width: min(360px, 92vw); padding: 24px; border: 1px solid #8884; border-radius: 16px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p { margin: 0 0 16px; font-size: 14px; opacity: .8; }
  label { display: block; font-size: 14px; margin: 12px 0 4px; }
  input[type=text], input[type=email] { box-sizing: border-box; width: 100%; padding: 10px 12px; font: inherit; border-radius: 10px; border: 1px solid #8888; }
  .check { display: flex; gap: 8px; align-items: center; margin-top: 12px; }
  .check label { margin: 0; }
  .row { display: flex; gap: 8px; margin-top: 20px; }
  button { flex: 1; padding: 10px 12px; font: inherit; border-radius: 10px; border: 1px solid #8888; cursor: pointer; }
  button[type=submit].primary { background: #2563eb; color: #fff; border-color: #2563eb; }
  .error { color: #b91c1c; font-size: 14px; margin-top: 8px; }
  small { display: block; margin-top: 16px; opacity: .7; }
</style></head>
<body><main data-testid="idp-sign-in" data-provider="${provider}">
  <h1>Sign in with ${label}</h1>
  <p>Portico dev identity provider, standing in for ${label}. Type any test user: the same name is the same account.</p>
  <form method="post" action="${action}/login">
    <label for="username">Test user</label>
    <input id="username" name="username" type="text" required autofocus autocomplete="username" data-testid="idp-username" value="${escapeHtml(options.username ?? '')}">
    <label for="email">Email (optional)</label>
    <input id="email" name="email" type="email" autocomplete="email" data-testid="idp-email" placeholder="name@${provider}.portico.test">
    <div class="check"><input id="emailVerified" name="emailVerified" type="checkbox" data-testid="idp-email-verified"><label for="emailVerified">${label} has verified this email</label></div>
    ${error ? `<div class="error" role="alert" data-testid="idp-error">${escapeHtml(error)}</div>` : ''}
    <div class="row"><button type="submit" class="primary" data-testid="idp-submit">Sign in</button></div>
  </form>
  <form method="post" action="${action}/cancel"><div class="row"><button type="submit" data-testid="idp-cancel">Cancel</button></div></form>
  <small>Client: ${escapeHtml(options.clientId)}</small>
</main></body></html>`
}
