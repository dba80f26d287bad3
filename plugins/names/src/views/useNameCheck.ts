import { useEffect, useState } from 'react'
import type { Kernel } from '@portico/kernel'
import { lookupName, nameSuggestions } from '../api.js'
import { namesActions } from '../slice.js'
import { fullName, nameProblem } from '../validate.js'

/** How long typing must pause before the name service is asked (each keystroke would be a request otherwise). */
export const NAME_CHECK_DEBOUNCE_MS = 300

/** What is known of the typed name: nothing yet, being checked, free, taken, or the check failed. */
export type NameCheck = { status: 'idle' | 'checking' | 'available' | 'taken' | 'failed'; name: string | undefined }

/**
 * Checks a typed label against the name service once typing pauses: its availability (`/v1/profile/account`)
 * and free suggestions (`/v1/profile/suggestions`, into the slice). A newer keystroke aborts the older check.
 */
export function useNameCheck(kernel: Kernel, label: string, suffix: string, zone: string): NameCheck {
  const [check, setCheck] = useState<NameCheck>({ status: 'idle', name: undefined })
  useEffect(() => {
    if (!label || nameProblem(label)) {
      setCheck({ status: 'idle', name: undefined })
      kernel.store.dispatch(namesActions.suggestionsCleared())
      return
    }
    const name = fullName(label, suffix)
    setCheck({ status: 'checking', name })
    const controller = new AbortController()
    const timer = setTimeout(() => {
      const { signal } = controller
      lookupName(kernel.http, name, signal).then(
        (answer) => !signal.aborted && setCheck({ status: answer.registered ? 'taken' : 'available', name }),
        (error) => {
          if (signal.aborted) return
          console.warn('[names] checking the name:', error) // eslint-disable-line no-console
          setCheck({ status: 'failed', name })
        },
      )
      nameSuggestions(kernel.http, label, zone, signal).then(
        (suggestions) => {
          if (!signal.aborted)
            kernel.store.dispatch(namesActions.suggestionsLoaded({ query: label, suggestions: suggestions.filter((s) => s.name !== name) }))
        },
        (error) => {
          if (signal.aborted) return
          console.warn('[names] name suggestions:', error) // eslint-disable-line no-console
          kernel.store.dispatch(namesActions.suggestionsCleared())
        },
      )
    }, NAME_CHECK_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [kernel, label, suffix, zone])
  return check
}
