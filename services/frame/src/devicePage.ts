/**
 * The HTML pages of the device-verification link. GET /v1/device/verify shows a confirm page whose button POSTs the
 * token back (mail scanners prefetch links with GET, so a GET must not approve anything); the POST shows the result.
 * Static text only: nothing from the request is echoed, except the token in the form, which is checked to be
 * base64url first.
 */
export type DevicePageKind = 'confirm' | 'approved' | 'unknown' | 'used' | 'expired'

const PAGES: Record<DevicePageKind, { title: string; text: string }> = {
  confirm: { title: 'Approve this device?', text: 'Someone is logging in to Portico with your email from a new device. Approve it only if it is you.' },
  approved: { title: 'Device approved', text: 'Device approved, go back to the app and log in again.' },
  unknown: { title: 'Link not valid', text: 'This link is not valid; request a new one from the app.' },
  used: { title: 'Link already used', text: 'This link was already used; request a new one from the app if the device is not approved yet.' },
  expired: { title: 'Link expired', text: 'This link has expired; request a new one from the app.' },
}

/** A device link token as mailed: 32 random bytes, base64url. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/

/** Headers of the device pages: no scripts at all, styles inline only, the form may post only to this origin. */
export const DEVICE_PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
}

export function renderDevicePage(kind: DevicePageKind, token?: string): string {
  const { title, text } = PAGES[kind]
  const form =
    kind === 'confirm' && token && LINK_TOKEN.test(token)
      ? `<form method="post" action="/v1/device/verify"><input type="hidden" name="token" value="${token}"><button type="submit" data-testid="device-approve">Approve this device</button></form>
<p>If you did not try to log in, close this page: nothing happens without the button.</p>`
      : ''
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>Portico: ${title}</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center}button{font:inherit;padding:.6rem 1.2rem;cursor:pointer}</style>
</head>
<body>
<h1>${title}</h1>
<p data-testid="device-result" data-result="${kind}">${text}</p>
${form}
</body>
</html>`
}
