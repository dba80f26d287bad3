/** The public URL a CDN folder is served at, as the manifest's absolute entries start with it. */

/**
 * The public URL a CDN folder is served at, ending with `/`; throws on a relative or non-http(s) URL.
 *
 * @example
 * normalizePublicUrl('https://x.test/cdn') // 'https://x.test/cdn/'
 */
export function normalizePublicUrl(publicUrl: string | undefined): string | undefined {
  if (publicUrl === undefined || publicUrl === '') return undefined
  let url: URL
  try {
    url = new URL(publicUrl)
  } catch {
    throw new Error(`The public URL "${publicUrl}" is not an absolute URL (https://plugins.example.com/).`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`The public URL "${publicUrl}" is not an http(s) URL.`)
  return url.href.endsWith('/') ? url.href : `${url.href}/`
}
