import { afterEach, describe, expect, it, vi } from 'vitest'
import { PopupWaitError, providerOfResult, takeResultUri, waitForPopupResult } from './popup.js'

const FRAME = 'https://frame.example'
const RESULT = `${FRAME}/v1/social/result?provider=google&result=abc`

/** A stand-in for the popup window: `closed` is what the poll reads. */
const fakePopup = () => ({ closed: false }) as unknown as Window & { closed: boolean }

function post(data: unknown, origin: string, source: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }))
}

afterEach(() => vi.useRealTimers())

describe('waitForPopupResult', () => {
  it('behavior: resolves with the result the popup posts from the frame origin', async () => {
    const popup = fakePopup()
    const waiting = waitForPopupResult({ win: window, popup, frameOrigin: FRAME })
    post({ type: 'portico-social-result', resultUri: RESULT }, FRAME, popup)
    await expect(waiting).resolves.toBe(RESULT)
  })

  it('security: a message from another origin, another window or of another shape is ignored', async () => {
    vi.useFakeTimers()
    const popup = fakePopup()
    const waiting = waitForPopupResult({ win: window, popup, frameOrigin: FRAME, timeoutMs: 1_000 })
    const outcome = waiting.then(
      (v) => v,
      (e: unknown) => e,
    )
    post({ type: 'portico-social-result', resultUri: RESULT }, 'https://evil.example', popup)
    post({ type: 'portico-social-result', resultUri: RESULT }, FRAME, window)
    post({ type: 'portico-social-result', resultUri: RESULT }, FRAME, fakePopup())
    post({ resultUri: RESULT }, FRAME, popup)
    post('portico-social-result', FRAME, popup)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await outcome).toMatchObject({ reason: 'timeout' })
  })

  it('error: the popup closed without a result', async () => {
    vi.useFakeTimers()
    const popup = fakePopup()
    const waiting = waitForPopupResult({ win: window, popup, frameOrigin: FRAME, pollMs: 100 })
    const outcome = waiting.catch((e: unknown) => e)
    popup.closed = true
    await vi.advanceTimersByTimeAsync(200)
    const error = await outcome
    expect(error).toBeInstanceOf(PopupWaitError)
    expect(error).toMatchObject({ reason: 'closed' })
  })

  it('behavior: an abort ends the wait quietly with reason "aborted"', async () => {
    const controller = new AbortController()
    const waiting = waitForPopupResult({ win: window, popup: fakePopup(), frameOrigin: FRAME, signal: controller.signal })
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ reason: 'aborted' })
  })
})

describe('result_uri', () => {
  it('behavior: takes result_uri from the URL and keeps the rest', () => {
    const href = `https://app.example/page?a=1&result_uri=${encodeURIComponent(RESULT)}#top`
    expect(takeResultUri(href)).toEqual({ resultUri: RESULT, cleanUrl: 'https://app.example/page?a=1#top' })
    expect(takeResultUri('https://app.example/page?a=1')).toBeUndefined()
  })
  it('behavior: the provider a result names', () => {
    expect(providerOfResult(RESULT)).toBe('google')
    expect(providerOfResult('not a url')).toBeUndefined()
  })
})
