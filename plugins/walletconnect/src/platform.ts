/** Environment checks that decide how pairings behave; every one is false outside a browser. */

type Env = { userAgent?: string; maxTouchPoints?: number; telegram?: boolean }

function env(): Env {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return {}
  const w = window as unknown as { Telegram?: { WebApp?: unknown }; TelegramWebviewProxy?: unknown }
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    telegram: Boolean(w.TelegramWebviewProxy || w.Telegram?.WebApp),
  }
}

/** Inside Telegram (its in-app browser or a Mini App). */
export function isTelegram(e: Env = env()): boolean {
  return Boolean(e.telegram) || /Telegram/i.test(e.userAgent ?? '')
}

/** iPhone, iPod or iPad (iPadOS reports a Mac user agent with touch points). */
export function isIos(e: Env = env()): boolean {
  const ua = e.userAgent ?? ''
  return /iPhone|iPod|iPad/i.test(ua) || (/Macintosh/i.test(ua) && (e.maxTouchPoints ?? 0) > 1)
}

/** Safari proper: not Chrome, Firefox, Edge or Opera on iOS, and not an in-app web view of another app. */
export function isSafari(e: Env = env()): boolean {
  const ua = e.userAgent ?? ''
  return /Safari\//i.test(ua) && /Version\//i.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|Chrome|Chromium|Android/i.test(ua)
}

/**
 * SPEC §4: on Telegram and iOS Safari a pairing in progress is awaited and a still-valid one reused. Leaving the page
 * for the wallet app and coming back must not replace the pairing the wallet is working on.
 */
export function reusesPairing(e: Env = env()): boolean {
  return isTelegram(e) || (isIos(e) && isSafari(e))
}
