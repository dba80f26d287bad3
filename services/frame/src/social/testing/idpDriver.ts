/**
 * Drives the dev identity provider's sign-in page over HTTP the way a browser does (cookies, redirects, the form),
 * for the service tests: from the provider's authorization URL to the request the provider sends the visitor back
 * with (the frame's callback), which is returned, not followed.
 */

export interface ProviderReturn {
  /** The frame callback the provider sends the visitor to. */
  url: string
  method: 'GET' | 'POST'
  /** The query (GET) or the form fields (Apple's form_post). */
  params: Record<string, string>
}

export interface SignInAs {
  username: string
  email?: string
  emailVerified?: boolean
  /** Press Cancel on the sign-in page instead. */
  cancel?: boolean
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCharCode(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

class CookieJar {
  private readonly cookies = new Map<string, string>()
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair!.indexOf('=')
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim())
    }
  }
  header = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
}

/** Signs in at the dev identity provider from `authorizationUrl`; resolves with the provider's return to `callbackPrefix`. */
export async function signInAtDevIdp(authorizationUrl: string, callbackPrefix: string, as: SignInAs): Promise<ProviderReturn> {
  const jar = new CookieJar()
  let url = authorizationUrl
  let method = 'GET'
  let body: URLSearchParams | undefined
  for (let hop = 0; hop < 12; hop++) {
    if (process.env.IDP_DEBUG) console.log(method, url)
    if (url.startsWith(callbackPrefix) && method === 'GET') {
      return { url: url.split('?')[0]!, method: 'GET', params: Object.fromEntries(new URL(url).searchParams) }
    }
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    })
    jar.take(response)
    body = undefined
    method = 'GET'
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url).href
      continue
    }
    const html = await response.text()
    if (html.includes('data-testid="idp-sign-in"')) {
      const action = /<form method="post" action="([^"]+)\/login">/.exec(html)![1]!
      url = new URL(`${action}/${as.cancel ? 'cancel' : 'login'}`, url).href
      method = 'POST'
      body = new URLSearchParams(as.cancel ? {} : { username: as.username, email: as.email ?? '', ...(as.emailVerified ? { emailVerified: 'on' } : {}) })
      continue
    }
    // Apple's form_post: an auto-submitting form to the callback
    const form = /<form method="post" action="([^"]+)"/.exec(html)
    if (form && form[1]!.startsWith(callbackPrefix)) {
      const params: Record<string, string> = {}
      for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) params[m[1]!] = unescapeHtml(m[2]!)
      return { url: form[1]!, method: 'POST', params }
    }
    throw new Error(`unexpected page at ${url} (HTTP ${response.status}): ${html.slice(0, 300)}`)
  }
  throw new Error('too many redirects at the dev identity provider')
}

/** Sends the provider's return to the frame (as the browser would) and reads the hand-off page. */
export async function deliverReturn(ret: ProviderReturn): Promise<{ status: number; html: string; resultUri?: string; returnUrl?: string }> {
  const response =
    ret.method === 'GET'
      ? await fetch(`${ret.url}?${new URLSearchParams(ret.params)}`)
      : await fetch(ret.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(ret.params) })
  const html = await response.text()
  const meta = /<meta name="portico-social" content="([^"]+)">/.exec(html)
  if (!meta) return { status: response.status, html }
  const data = JSON.parse(unescapeHtml(meta[1]!)) as { resultUri: string; returnUrl: string }
  return { status: response.status, html, ...data }
}
