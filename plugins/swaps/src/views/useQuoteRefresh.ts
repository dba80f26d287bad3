import { useEffect } from 'react'
import { useKernel, usePorticoSelector } from '@portico/kernel'
import { refreshQuote, swapForm } from '../flow.js'

/** How long typing must pause before a quote is asked for. */
export const QUOTE_DEBOUNCE_MS = 400
/** How often the shown quote is asked for again while a swap view is open (pool reserves move). */
export const QUOTE_REFRESH_MS = 15_000

/**
 * Keeps the form's quote fresh while the calling view is mounted: asked for once typing pauses (debounced), and
 * again every {@link QUOTE_REFRESH_MS}. `paused` stops the refreshes (while a wallet prompt is open).
 */
export function useQuoteRefresh(paused = false): void {
  const kernel = useKernel()
  const key = usePorticoSelector((s) => {
    const form = swapForm(s)
    return form.ready ? form.key : undefined
  })
  useEffect(() => {
    if (!key || paused) return
    const first = setTimeout(() => void refreshQuote(kernel), QUOTE_DEBOUNCE_MS)
    const every = setInterval(() => void refreshQuote(kernel), QUOTE_REFRESH_MS)
    return () => {
      clearTimeout(first)
      clearInterval(every)
    }
  }, [kernel, key, paused])
}
