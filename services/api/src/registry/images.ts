import { createHash } from 'node:crypto'

/** FNV-1a: a small, stable hash so a given id always gets the same colour, on every replica and release. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** Letters for a monogram: initials of up to two words (camelCase counts as words), or a short symbol as is. */
export function monogramText(label: string): string {
  const clean = label.trim()
  if (/^[A-Za-z0-9]{1,4}$/.test(clean) && clean === clean.toUpperCase()) return clean
  const words = clean
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  const letters = words.length >= 2 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2)
  return letters.toUpperCase()
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch] as string)

/**
 * A square SVG with rounded corners, a colour derived from `seed` and the monogram of `label`. Used wherever the
 * registry has no image file: wallets, networks, currencies and tokens.
 */
export function monogramSvg(label: string, seed: string = label): string {
  const hue = fnv1a(seed) % 360
  const text = escapeXml(monogramText(label))
  const fontSize = text.length <= 2 ? 40 : text.length === 3 ? 30 : 24
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(label)}">` +
    `<rect width="96" height="96" rx="24" fill="hsl(${hue} 62% 42%)"/>` +
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" ` +
    `font-size="${fontSize}" font-weight="600" fill="#ffffff">${text}</text></svg>`
  )
}

/** A strong ETag for a body, so browsers and CDNs revalidate with If-None-Match instead of downloading again. */
export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`
