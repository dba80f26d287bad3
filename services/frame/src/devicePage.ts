/** The HTML pages of the device-verification link (GET /v1/device/verify). Static text only: nothing is echoed. */
export type DevicePageKind = 'approved' | 'unknown' | 'used' | 'expired'

const PAGES: Record<DevicePageKind, { title: string; text: string }> = {
  approved: { title: 'Device approved', text: 'Device approved, go back to the app and log in again.' },
  unknown: { title: 'Link not valid', text: 'This link is not valid; request a new one from the app.' },
  used: { title: 'Link already used', text: 'This link was already used; request a new one from the app if the device is not approved yet.' },
  expired: { title: 'Link expired', text: 'This link has expired; request a new one from the app.' },
}

export function renderDevicePage(kind: DevicePageKind): string {
  const { title, text } = PAGES[kind]
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>Portico: ${title}</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center}</style>
</head>
<body>
<h1>${title}</h1>
<p data-testid="device-result" data-result="${kind}">${text}</p>
</body>
</html>`
}
