import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { frameAncestors } from './origins.js'

/**
 * The frame page (built by services/frame/page into `dist/`) as this server answers it: `index.html` with the page's
 * config injected, and its hashed assets. Nothing from the request is written into the page except through
 * {@link escapeHtml} inside the config meta.
 */

/** Default page directory: services/frame/page/dist (the same from src/ under tsx and from dist/ when built). */
export const DEFAULT_PAGE_DIR = fileURLToPath(new URL('../page/dist/', import.meta.url))

/** The literal tag of the built index.html that the server replaces with the real config. */
export const CONFIG_PLACEHOLDER = '<meta name="portico-frame" content="__PORTICO_FRAME_CONFIG__">'

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address (40 hex characters)')

/** One chain's ERC-4337 services: the bundler, the ERC-7677 paymaster, the account factory and the EntryPoint (v0.7). */
export const SmartAccountChainSchema = z.strictObject({
  bundlerUrl: httpUrl,
  paymasterUrl: httpUrl.optional(),
  factoryAddress: evmAddress,
  entryPoint: evmAddress,
})

/** `PORTICO_SMART_ACCOUNT_CHAINS`: the chains where the embedded wallet offers a smart account, by decimal chain id. */
export const SmartAccountChainsSchema = z.record(z.string().regex(/^[1-9]\d{0,15}$/, 'chain ids are decimal numbers'), SmartAccountChainSchema)

export type SmartAccountChain = z.infer<typeof SmartAccountChainSchema>
export type SmartAccountChains = z.infer<typeof SmartAccountChainsSchema>

/**
 * Parses `PORTICO_SMART_ACCOUNT_CHAINS` (JSON); throws an error naming the variable and the first problem.
 *
 * @example
 * parseSmartAccountChains('{"31337":{"bundlerUrl":"http://127.0.0.1:4337","factoryAddress":"0x…","entryPoint":"0x…"}}')
 */
export function parseSmartAccountChains(raw: string): SmartAccountChains {
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    throw new Error('PORTICO_SMART_ACCOUNT_CHAINS: not valid JSON (expected {"<chainId>":{"bundlerUrl","paymasterUrl","factoryAddress","entryPoint"}}).')
  }
  const parsed = SmartAccountChainsSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`PORTICO_SMART_ACCOUNT_CHAINS: ${issue.path.join('.') || '(root)'} ${issue.message}.`)
  }
  return parsed.data
}

/** What the page reads from `<meta name="portico-frame">`. */
export interface FramePageConfig {
  projectId: string
  allowedOrigins: string[]
  /** Base of the auth server's API; '' means the page's own origin. */
  apiBase: string
  /** INVALID_PROJECT: unknown project id. ORIGINS_UNAVAILABLE: the allowed origins could not be read (api down). */
  error?: 'INVALID_PROJECT' | 'ORIGINS_UNAVAILABLE'
  /** Chains where the embedded wallet offers a smart account (PORTICO_SMART_ACCOUNT_CHAINS); absent: none. */
  smartAccountChains?: SmartAccountChains
}

export const NOT_BUILT_TEXT = 'frame page not built: run npm run build'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

/** `html` with the placeholder replaced by the config meta (HTML-escaped JSON); added to <head> if it is missing. */
export function injectFrameConfig(html: string, config: FramePageConfig): string {
  const meta = `<meta name="portico-frame" content="${escapeHtml(JSON.stringify(config))}">`
  if (html.includes(CONFIG_PLACEHOLDER)) return html.split(CONFIG_PLACEHOLDER).join(meta)
  return html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}${meta}`)
}

/**
 * Headers of the page. The CSP allows only the page's own scripts and styles (no inline code), chain RPC over
 * http(s) for connect-src, and framing only by the project's allowed origins; forms and <base> are off.
 */
export function framePageHeaders(allowedOrigins: readonly string[]): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: https:",
      "connect-src 'self' http: https:",
      `frame-ancestors ${frameAncestors(allowedOrigins)}`,
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; '),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  }
}

/** Reads the page's index.html, or null when it has not been built. */
export async function readFramePage(pageDir: string): Promise<string | null> {
  try {
    return await readFile(join(pageDir, 'index.html'), 'utf8')
  } catch {
    return null
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
}

/** Asset names served: one path segment of safe characters, not starting with a dot (no traversal, no dotfiles). */
export const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/

export type AssetResult = { kind: 'file'; body: Buffer; contentType: string } | { kind: 'not-found' } | { kind: 'not-built' }

/** The asset `name` of `pageDir/assets`, refusing anything that is not a plain file name inside that folder. */
export async function readAsset(pageDir: string, name: string): Promise<AssetResult> {
  const assets = resolve(pageDir, 'assets')
  if (!ASSET_NAME.test(name) || name.includes('..')) return { kind: 'not-found' }
  const path = resolve(assets, name)
  if (!path.startsWith(assets + sep)) return { kind: 'not-found' }
  try {
    if (!(await stat(path)).isFile()) return { kind: 'not-found' }
    return { kind: 'file', body: await readFile(path), contentType: CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream' }
  } catch {
    return (await readFramePage(pageDir)) === null ? { kind: 'not-built' } : { kind: 'not-found' }
  }
}
