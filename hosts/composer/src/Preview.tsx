import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { createKernel, PorticoModalInline, PorticoProvider, type Kernel, type KernelOptions } from '@portico/kernel'
import type { PluginManifest } from '@portico/contracts/plugin'
import type { ComposedOptions } from './codegen.js'

type Props = {
  /** The composed options; undefined while the manifest is not there. */
  options: ComposedOptions | undefined
  manifest: PluginManifest | undefined
  /** Exposes the preview's kernel as `window.__portico`. */
  debug: boolean
}

type Live = { kernel: Kernel; id: number } | { error: string; id: number }

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * What needs a new kernel: the options the kernel reads once (plugins, flags, order, networks). Theme mode,
 * theme variable values and the language change on the running kernel; a variable going back to its default
 * needs a new one (variables merge, they cannot be unset).
 */
function structureOf(options: ComposedOptions): string {
  const { themeMode: _mode, themeVariables, locale: _locale, ...rest } = options
  return JSON.stringify({ ...rest, variables: Object.keys(themeVariables ?? {}) })
}

let nextId = 0

/**
 * The real modal, inline (`embedded: true`), built from the composed options with the plugins loaded from the
 * CDN. A change of plugins or flags makes a new kernel in this page (remote code already fetched is reused);
 * theme and language apply to the running one. Plugins that fail are listed with their reason, and the rest of
 * the modal keeps working.
 */
export function Preview({ options, manifest, debug }: Props) {
  const latest = useRef(options)
  latest.current = options
  const structure = options ? structureOf(options) : undefined
  const [attempt, setAttempt] = useState(0)
  const [live, setLive] = useState<Live>()

  useEffect(() => {
    const current = latest.current
    if (!current || !manifest) return setLive(undefined)
    const id = ++nextId
    let kernel: Kernel
    try {
      // the fetched manifest inlined: each new kernel skips fetching it again
      kernel = createKernel({ ...current, embedded: true, remotes: { manifestUrl: current.remotes.manifestUrl, manifest } } as KernelOptions)
    } catch (error) {
      setLive({ error: messageOf(error), id })
      return
    }
    setLive({ kernel, id })
    if (debug) (window as unknown as { __portico?: Kernel }).__portico = kernel
    return () => kernel.destroy()
  }, [structure, manifest, attempt, debug])

  const kernel = live && 'kernel' in live ? live.kernel : undefined
  const themeMode = options?.themeMode
  const variables = JSON.stringify(options?.themeVariables ?? {})
  const locale = options?.locale ?? 'en'
  const [localeError, setLocaleError] = useState<string>()
  useEffect(() => {
    if (kernel && themeMode) kernel.setThemeMode(themeMode)
  }, [kernel, themeMode])
  useEffect(() => {
    if (kernel) kernel.setThemeVariables(JSON.parse(variables))
  }, [kernel, variables])
  useEffect(() => {
    if (!kernel) return
    setLocaleError(undefined)
    let current = true
    kernel.setLocale(locale).catch((error: unknown) => current && setLocaleError(messageOf(error)))
    return () => {
      current = false
    }
  }, [kernel, locale])

  return (
    <section className="cp-card cp-preview" aria-labelledby="preview-title">
      <div className="cp-card-head">
        <h2 id="preview-title" className="cp-card-title">
          Live preview
        </h2>
        {kernel && <PluginStatus kernel={kernel} />}
      </div>
      {kernel && <PluginFailures kernel={kernel} onRetry={() => setAttempt((n) => n + 1)} />}
      {localeError && (
        <p className="cp-error" role="alert" data-testid="preview-locale-error">
          {localeError}
        </p>
      )}
      <div className="cp-stage" data-testid="preview-stage" data-theme={themeMode}>
        {!options || !manifest ? (
          <p className="cp-muted cp-stage-note" data-testid="preview-waiting">
            The preview starts once the plugin manifest has loaded.
          </p>
        ) : live && 'error' in live ? (
          <div className="cp-error" role="alert" data-testid="preview-error">
            <strong>This composition does not make a modal.</strong>
            <span>{live.error}</span>
          </div>
        ) : kernel ? (
          <PorticoProvider key={live!.id} kernel={kernel}>
            <PorticoModalInline className="cp-modal" />
          </PorticoProvider>
        ) : null}
      </div>
      <p className="cp-muted cp-small cp-stage-caption">
        Shown in place here; on your page the Connect button opens it as a dialog.
      </p>
    </section>
  )
}

function usePlugins(kernel: Kernel) {
  return useSyncExternalStore(kernel.subscribe, () => kernel.getState().plugins.byName)
}

/** How many plugins are ready, loading, failed. */
function PluginStatus({ kernel }: { kernel: Kernel }) {
  const plugins = usePlugins(kernel)
  const counts = useMemo(() => {
    const all = Object.values(plugins)
    return { ready: all.filter((p) => p.status === 'ready').length, loading: all.filter((p) => p.status === 'loading').length }
  }, [plugins])
  return (
    <span className="cp-muted cp-small" data-testid="preview-status" aria-live="polite">
      {counts.loading > 0 ? (
        <>
          <span className="cp-spinner" aria-hidden="true" /> Loading {counts.loading} plugin{counts.loading === 1 ? '' : 's'}…
        </>
      ) : (
        `${counts.ready} plugin${counts.ready === 1 ? '' : 's'} loaded`
      )}
    </span>
  )
}

/** The plugins that failed to load or set up, each with its reason, and a retry (a fresh kernel). */
function PluginFailures({ kernel, onRetry }: { kernel: Kernel; onRetry: () => void }) {
  const plugins = usePlugins(kernel)
  const failed = Object.entries(plugins).flatMap(([name, p]) => (p.status === 'failed' ? [{ name, error: p.error }] : []))
  if (failed.length === 0) return null
  return (
    <div className="cp-error" role="alert" data-testid="preview-plugin-errors">
      <strong>
        {failed.length === 1 ? 'A plugin' : `${failed.length} plugins`} did not load; the rest of the modal works without {failed.length === 1 ? 'it' : 'them'}.
      </strong>
      <ul>
        {failed.map((f) => (
          <li key={f.name} data-testid={`preview-plugin-error-${f.name}`}>
            <code>{f.name}</code>: {f.error}
          </li>
        ))}
      </ul>
      <button type="button" className="cp-button" data-testid="preview-retry" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
