import { FRAME_SDK_VERSION } from '../constants.js'

/** Where the login frame lives: its page URL (SPEC §2 query parameters) and the origin its messages must come from. */
export type FrameLocation = { src: string; origin: string; originCheckUrl: (appOrigin: string) => string }

/**
 * The frame page for a project: `<frame>/sdk?projectId&chainId&version=4&enableLogger`. `base` is the kernel's
 * `endpoints.frame` (an http(s) URL); undefined when it is not one.
 */
export function frameLocation(base: string | undefined, params: { projectId: string; chainId: string | number; enableLogger: boolean }): FrameLocation | undefined {
  if (!base) return undefined
  let url: URL
  try {
    url = new URL(base)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  const root = url.href.replace(/\/+$/, '')
  const query = new URLSearchParams({
    projectId: params.projectId,
    chainId: String(params.chainId),
    version: FRAME_SDK_VERSION,
    enableLogger: String(params.enableLogger),
  })
  return {
    src: `${root}/sdk?${query}`,
    origin: url.origin,
    originCheckUrl: (appOrigin) => `${root}/v1/origin-check?${new URLSearchParams({ projectId: params.projectId, origin: appOrigin })}`,
  }
}
