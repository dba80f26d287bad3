import type { SinkMessage } from './sink.js'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

/** The dev inbox page: the sink's messages, newest first. */
export function renderInbox(messages: SinkMessage[]): string {
  const rows = messages
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">to ${escapeHtml(m.to.join(', '))} &middot; ${escapeHtml(m.receivedAt)}${m.code ? ` &middot; code <strong data-testid="inbox-code">${escapeHtml(m.code)}</strong>` : ''}</p>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Portico dev inbox</title>
<style>body{font:15px system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:.5rem 0}.meta{color:#555}pre{white-space:pre-wrap}</style>
</head>
<body>
<h1>Portico dev inbox</h1>
<p>Mail caught by the development SMTP sink (newest first). Not available when SMTP_URL is set. JSON: <a href="/inbox.json">/inbox.json</a></p>
${rows || '<p>No mail yet.</p>'}
</body>
</html>`
}
