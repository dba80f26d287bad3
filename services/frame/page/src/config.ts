import { z } from 'zod'

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/)
const httpUrl = z.string().regex(/^https?:\/\//)

/** One chain's ERC-4337 services (the server's PORTICO_SMART_ACCOUNT_CHAINS, checked again here). */
export const SmartAccountChainSchema = z.object({
  bundlerUrl: httpUrl,
  paymasterUrl: httpUrl.optional(),
  factoryAddress: evmAddress,
  entryPoint: evmAddress,
})

export type SmartAccountChain = z.infer<typeof SmartAccountChainSchema>

/**
 * What the frame server injects into the page (`<meta name="portico-frame" content="{json}">`): the project and the
 * origins allowed to embed it. `error` is set when the project is unknown.
 */
export const FrameConfigSchema = z.object({
  projectId: z.string(),
  allowedOrigins: z.array(z.string()),
  apiBase: z.string().optional(),
  error: z.string().optional(),
  /** Chains with a smart account, by decimal chain id. */
  smartAccountChains: z.record(z.string().regex(/^[1-9]\d*$/), SmartAccountChainSchema).optional(),
})

export type FrameConfig = z.infer<typeof FrameConfigSchema>

/** Why the frame refuses to talk to its parent, if it does. */
export type ConfigProblem = 'MISSING_CONFIG' | 'INVALID_PROJECT' | 'ORIGINS_UNAVAILABLE' | 'NO_PARENT' | 'ORIGIN_NOT_ALLOWED'

/** The injected configuration, or null when the meta tag is missing, still the placeholder, or malformed. */
export function readFrameConfig(doc: Document): FrameConfig | null {
  const content = doc.querySelector('meta[name="portico-frame"]')?.getAttribute('content')
  if (!content || content === '__PORTICO_FRAME_CONFIG__') return null
  try {
    const parsed = FrameConfigSchema.safeParse(JSON.parse(content))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** `value` as a serialised origin (`https://a.example:8443`), or null when it is not an http(s) URL or origin. */
export function toOrigin(value: string | null | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

/**
 * The embedding page's origin. `location.ancestorOrigins` (Chromium, WebKit) cannot be forged by the parent;
 * elsewhere the referrer's origin is the best the browser tells, and the origin check on every message still binds
 * the channel to it (a wrong guess only means the frame talks to nobody).
 */
export function parentOriginOf(win: Pick<Window, 'location' | 'document' | 'parent'>): string | null {
  if (win.parent === (win as unknown)) return null // not framed
  const ancestors = win.location.ancestorOrigins
  if (ancestors && ancestors.length > 0) return toOrigin(ancestors[0])
  return toOrigin(win.document.referrer)
}

/**
 * Exact origin match against the allowlist, or a `*` entry (any origin), the same rule as the frame server's
 * `/v1/origin-check`, so the page and that check never disagree. Entries may be written as URLs.
 */
export function isAllowedOrigin(origin: string, allowedOrigins: readonly string[]): boolean {
  return allowedOrigins.some((allowed) => allowed.trim() === '*' || toOrigin(allowed.trim()) === origin)
}

/** Checks config and parent together: the parent origin when the frame may talk to it, else the problem. */
export function resolveParent(
  config: FrameConfig | null,
  parentOrigin: string | null,
): { ok: true; origin: string } | { ok: false; problem: ConfigProblem } {
  if (!config) return { ok: false, problem: 'MISSING_CONFIG' }
  if (config.error) return { ok: false, problem: config.error === 'ORIGINS_UNAVAILABLE' ? 'ORIGINS_UNAVAILABLE' : 'INVALID_PROJECT' }
  if (!parentOrigin) return { ok: false, problem: 'NO_PARENT' }
  if (!isAllowedOrigin(parentOrigin, config.allowedOrigins)) return { ok: false, problem: 'ORIGIN_NOT_ALLOWED' }
  return { ok: true, origin: parentOrigin }
}

/** The chain id the app put in the frame URL (`?chainId=`), as a number when it is one. */
export function initialChainId(search: string): number | string {
  const raw = new URLSearchParams(search).get('chainId')?.replace(/^eip155:/, '')
  if (!raw) return 1
  const n = Number(raw)
  return Number.isSafeInteger(n) && n > 0 ? n : raw
}
