import { useRef } from 'react'
import type { RouterEntry } from '../../store/index.js'
import { usePorticoSelector } from '../hooks.js'

/**
 * The view stack, holding on to the last non-empty one so the card keeps its content while it animates out
 * after the kernel has cleared the history.
 */
export function useRouterSnapshot(): readonly RouterEntry[] {
  const history = usePorticoSelector((s) => s.router.history)
  const last = useRef(history)
  if (history.length > 0) last.current = history
  return last.current
}
