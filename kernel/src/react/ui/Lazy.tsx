import { useEffect, useRef, useState, type ComponentType } from 'react'
import type { ComponentModule } from '@portico/contracts/plugin'
import { useTranslate } from '../hooks.js'
import { Button } from './Button.js'
import { RetryIcon } from './icons.js'
import { Spinner } from './Spinner.js'
import { Text } from './Text.js'
import { loaded, NoComponentError, preloadLazy } from './lazyCache.js'

export type LazyProps = {
  /** Identifies what is loaded; a new id loads again. */
  id: string
  load: () => Promise<ComponentModule<any>>
  /** Props for the loaded component. */
  props?: Record<string, unknown>
  /** Said when loading fails, above the retry button. */
  errorMessage?: string
  /** Height kept while loading, so the layout does not jump. */
  minHeight?: number
}

type State = { component?: ComponentType<any>; error?: unknown }

/**
 * Renders a lazily loaded component (a connect method, an account tab): a spinner while it loads, a message
 * and a retry button when it cannot be loaded.
 *
 * @example
 * <Lazy id={tab.id} load={tab.load} errorMessage="This tab could not be loaded." />
 */
export function Lazy({ id, load, props, errorMessage, minHeight = 56 }: LazyProps) {
  const t = useTranslate()
  const [state, setState] = useState<State>(() => ({ component: loaded.get(load) }))
  const [attempt, setAttempt] = useState(0)
  const loader = useRef(load)
  loader.current = load

  useEffect(() => {
    let active = true
    const load = loader.current
    const known = loaded.get(load)
    setState((s) => (known && s.component === known ? s : { component: known }))
    if (known) return
    preloadLazy(load).then(
      (component) => active && setState({ component }),
      (error: unknown) => active && setState({ error: error instanceof NoComponentError ? new Error(`"${id}" exports no component.`) : error }),
    )
    return () => {
      active = false
    }
  }, [id, attempt])

  const Component = state.component
  if (Component) return <Component {...props} />
  if (state.error !== undefined) {
    return (
      <div role="alert" className="portico-lazy-error" style={{ minHeight }}>
        <Text variant="small" tone="muted" style={{ flex: 1 }}>
          {errorMessage ?? t('view.failed')}
        </Text>
        <Button size="sm" icon={<RetryIcon size={14} />} onClick={() => setAttempt((n) => n + 1)}>
          {t('view.retry')}
        </Button>
      </div>
    )
  }
  return (
    <div className="portico-lazy-loading" style={{ minHeight }}>
      <Spinner size={24} label={t('view.loading')} />
    </div>
  )
}
