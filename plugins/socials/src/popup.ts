import * as z from 'zod/mini'

/** What the frame's hand-off page posts to the opener (services/frame/src/social/pages.ts). */
const PopupResultSchema = z.object({ type: z.literal('portico-social-result'), resultUri: z.string().check(z.minLength(1), z.maxLength(4096)) })

/** The popup's window name: a second click reuses the window instead of opening another. */
export const POPUP_NAME = 'portico-social'
/** How long the visitor has to sign in at the provider before the wait gives up (SPEC §9 leaves it open). */
export const POPUP_TIMEOUT_MS = 5 * 60_000
/** How often the popup is checked for having been closed (there is no event for it). */
export const POPUP_POLL_MS = 500

/** Why waiting for the popup ended without a result. */
export class PopupWaitError extends Error {
  constructor(readonly reason: 'closed' | 'timeout' | 'aborted') {
    super(`social popup ${reason}`)
    this.name = 'PopupWaitError'
  }
}

/**
 * Opens the sign-in popup, centred over the page; must run synchronously in the click handler so that popup blockers
 * allow it. Null when it was blocked (the redirect flow takes over).
 *
 * @example
 * const popup = openSocialPopup(window, 'https://frame.example/v1/social/loading')
 */
export function openSocialPopup(win: Window, url: string): Window | null {
  const width = 500
  const height = 640
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2))
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2))
  try {
    return win.open(url, POPUP_NAME, `popup=yes,width=${width},height=${height},left=${left},top=${top}`)
  } catch {
    return null
  }
}

/**
 * Resolves with the result uri the popup posts. Only a message from `frameOrigin` whose source is `popup` and whose
 * shape is right counts: any other page (the host's own scripts, another window, a forged message) is ignored.
 * Rejects with {@link PopupWaitError} when the popup is closed first, after `timeoutMs`, or on `signal`.
 */
export function waitForPopupResult(options: {
  win: Window
  popup: Window
  frameOrigin: string
  signal?: AbortSignal
  timeoutMs?: number
  pollMs?: number
}): Promise<string> {
  const { win, popup, frameOrigin, signal } = options
  return new Promise<string>((resolve, reject) => {
    let settled = false
    const finish = (fn: () => void) => {
      if (settled) return
      settled = true
      win.removeEventListener('message', onMessage)
      clearInterval(poll)
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      fn()
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== frameOrigin || event.source !== popup) return
      const parsed = PopupResultSchema.safeParse(event.data)
      if (parsed.success) finish(() => resolve(parsed.data.resultUri))
    }
    const onAbort = () => finish(() => reject(new PopupWaitError('aborted')))
    win.addEventListener('message', onMessage)
    const poll = setInterval(() => {
      // a message sent just before closing is delivered first: give it one more turn of the loop
      if (popup.closed) setTimeout(() => finish(() => reject(new PopupWaitError('closed'))), 50)
    }, options.pollMs ?? POPUP_POLL_MS)
    const timer = setTimeout(() => finish(() => reject(new PopupWaitError('timeout'))), options.timeoutMs ?? POPUP_TIMEOUT_MS)
    if (signal?.aborted) onAbort()
    else signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** The `result_uri` query parameter of a Telegram or mobile return (SPEC §4), and the URL without it. */
export function takeResultUri(href: string): { resultUri: string; cleanUrl: string } | undefined {
  const url = new URL(href)
  const resultUri = url.searchParams.get('result_uri')
  if (!resultUri) return undefined
  url.searchParams.delete('result_uri')
  return { resultUri, cleanUrl: url.href }
}

/** The provider a result uri names (`…/v1/social/result?provider=google&result=…`), if any. */
export function providerOfResult(resultUri: string): string | undefined {
  try {
    return new URL(resultUri).searchParams.get('provider') ?? undefined
  } catch {
    return undefined
  }
}
