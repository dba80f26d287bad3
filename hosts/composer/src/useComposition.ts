import { useCallback, useEffect, useState } from 'react'
import { parseHash, toHash, type Composition } from './composition.js'

/**
 * The composition kept in the URL hash: read at start and whenever the hash changes (a pasted link, back and
 * forward), written back on every change without adding a history entry per slider step.
 */
export function useComposition(): [Composition, (update: (c: Composition) => Composition) => void] {
  const [composition, setComposition] = useState(() => parseHash(location.hash))
  useEffect(() => {
    const hash = toHash(composition)
    if (location.hash !== hash) history.replaceState(history.state, '', hash)
  }, [composition])
  useEffect(() => {
    const onHash = () => setComposition((c) => (toHash(c) === location.hash ? c : parseHash(location.hash)))
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [])
  return [composition, useCallback((update: (c: Composition) => Composition) => setComposition(update), [])]
}
