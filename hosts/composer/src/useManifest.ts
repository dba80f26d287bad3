import { useCallback, useEffect, useState } from 'react'
import type { PluginManifest } from '@portico/contracts/plugin'
import { fetchManifest } from './manifest.js'

export type ManifestState = { status: 'loading' } | { status: 'ready'; manifest: PluginManifest } | { status: 'error'; message: string }

/** The plugin manifest, fetched once per `url` and again on `retry`. */
export function useManifest(url: string): [ManifestState, () => void] {
  const [state, setState] = useState<ManifestState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    fetchManifest(url).then(
      (manifest) => live && setState({ status: 'ready', manifest }),
      (error: unknown) => live && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
    )
    return () => {
      live = false
    }
  }, [url, attempt])
  return [state, useCallback(() => setAttempt((n) => n + 1), [])]
}
