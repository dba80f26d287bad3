import { useEffect, useReducer } from 'react'
import { secondsUntil } from '../api.js'

/**
 * Whole seconds until `until` (ms epoch), re-rendering as it counts down and stopping at 0. Read from the clock at
 * every render, so a new `until` shows at once and no tick can leave a stale number behind.
 *
 * @example
 * const left = useSecondsLeft(api.emailCooldownUntil())
 */
export function useSecondsLeft(until: number): number {
  const [, tick] = useReducer((n: number) => n + 1, 0)
  const left = secondsUntil(until)
  useEffect(() => {
    if (secondsUntil(until) === 0) return
    // a few ticks per second keeps the number in step with the clock without aligning timers to it
    const timer = setInterval(() => {
      tick()
      if (secondsUntil(until) === 0) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [until])
  return left
}
