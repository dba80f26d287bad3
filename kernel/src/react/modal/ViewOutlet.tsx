import { Component, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react'
import type { ViewEntry } from '@portico/contracts/plugin'
import { errorMessage } from '../../errors/errorMessage.js'
import { useKernel, useTranslate } from '../hooks.js'
import { Button } from '../ui/Button.js'
import { EmptyState } from '../ui/EmptyState.js'
import { AlertIcon, ChevronLeftIcon, RetryIcon } from '../ui/icons.js'
import { Spinner } from '../ui/Spinner.js'
import { Text } from '../ui/Text.js'
import { focusableElements } from './useFocusTrap.js'
import { useRouterSnapshot } from './useRouterSnapshot.js'

type ViewComponent = ComponentType<{ view: string; data: unknown }>

const messageOf = (error: unknown) => errorMessage(error, 'Unknown error')

/** Shown while a view's plugin or chunk loads. */
export function ViewLoading() {
  const t = useTranslate()
  return (
    <div className="portico-view-state" data-testid="view-loading" role="status" aria-live="polite">
      <Spinner size={32} />
      <Text variant="small" tone="muted">
        {t('view.loading')}
      </Text>
    </div>
  )
}

/** Shown when a view failed to load or crashed: what happened, then retry or back. */
export function ViewError({ title, error, onRetry }: { title?: string; error: unknown; onRetry: () => void }) {
  const kernel = useKernel()
  const t = useTranslate()
  return (
    <div className="portico-view-state" data-testid="view-error">
      <EmptyState
        tone="error"
        icon={<AlertIcon size={28} />}
        title={title ?? t('view.failed')}
        description={<span role="alert">{messageOf(error)}</span>}
        action={
          <div className="portico-actions">
            <Button variant="secondary" icon={<ChevronLeftIcon size={16} />} onClick={() => kernel.router.goBack()}>
              {t('modal.back')}
            </Button>
            <Button variant="primary" icon={<RetryIcon size={16} />} onClick={onRetry}>
              {t('view.retry')}
            </Button>
          </div>
        }
      />
    </div>
  )
}

type BoundaryProps = { children: ReactNode; fallback: (error: unknown) => ReactNode; onError?: (error: unknown, info: ErrorInfo) => void }

/** Catches a view that throws while rendering, so the modal shows an error state instead of going blank. */
export class ViewErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  state = { error: undefined as unknown, failed: false }
  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true }
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info)
  }
  render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children
  }
}

type LoadState = { view: string; attempt: number; error?: unknown; done?: boolean }

export type ViewOutletProps = { onResolved?: (view: string, entry: ViewEntry) => void }

/**
 * Renders the view on top of the router stack, resolved through the plugin registry: a spinner while its
 * plugin loads, an error state with retry and back when it cannot be loaded or throws.
 */
export function ViewOutlet({ onResolved }: ViewOutletProps) {
  const kernel = useKernel()
  const t = useTranslate()
  const history = useRouterSnapshot()
  const current = history.at(-1)
  const depth = history.length
  const cache = useRef(new Map<string, ViewComponent>())
  const [attempt, setAttempt] = useState(0)
  const [load, setLoad] = useState<LoadState>()
  const onResolvedRef = useRef(onResolved)
  onResolvedRef.current = onResolved

  const view = current?.view
  // a view whose chunk is already there (preloaded, or seen before) renders in this commit, with no spinner first
  const peeked = useRef<string | undefined>(undefined)
  if (view !== undefined && !cache.current.has(view)) {
    const ready = kernel.plugins.peekView(view)
    if (ready) {
      cache.current.set(view, ready.component as ViewComponent)
      peeked.current = view
    }
  }
  // before paint, so the header's title comes with the view
  useLayoutEffect(() => {
    if (view === undefined || peeked.current !== view) return
    peeked.current = undefined
    const entry = kernel.plugins.getView(view)
    if (entry) onResolvedRef.current?.(view, entry)
  }, [kernel, view])
  useEffect(() => {
    if (view === undefined || cache.current.has(view)) return
    let active = true
    setLoad({ view, attempt })
    kernel.plugins.resolveView(view).then(
      (resolved) => {
        if (!active) return
        cache.current.set(view, resolved.component as ViewComponent)
        onResolvedRef.current?.(view, resolved.entry)
        setLoad({ view, attempt, done: true })
      },
      (error: unknown) => {
        if (active) setLoad({ view, attempt, error })
      },
    )
    return () => {
      active = false
    }
  }, [kernel, view, attempt])

  // Direction of the transition, fixed per view instance: deeper is forward, shallower back, else a replacement.
  // The modal's first view (also when it follows the opening placeholder) comes in with the card, without a
  // transition of its own: it is on screen in the card's first frame.
  const key = `${depth}:${view ?? ''}`
  const transition = useRef({ key, depth, view, direction: 'initial' as 'initial' | 'forward' | 'back' | 'replace' })
  if (transition.current.key !== key) {
    const { depth: before, view: previous } = transition.current
    transition.current = { key, depth, view, direction: previous === undefined ? 'initial' : depth > before ? 'forward' : depth < before ? 'back' : 'replace' }
  }

  // After a view change made inside the modal, focus goes to the new view (its heading, else its first control,
  // else the dialog's title) instead of falling to <body>. The first view keeps the focus the dialog gave it.
  const root = useRef<HTMLDivElement>(null)
  const firstKey = useRef<string | null>(key)
  if (firstKey.current !== null && firstKey.current !== key) firstKey.current = null
  const resolved = view !== undefined && cache.current.has(view)
  // Whether the last focus was inside the card, so a lost focus (its element removed) is taken back only then:
  // an embedded modal never pulls focus from the page.
  const focusWasInside = useRef(false)
  useEffect(() => {
    const doc = root.current?.ownerDocument ?? document
    const onFocusIn = (event: FocusEvent) => {
      const card = root.current?.closest('.portico-card')
      focusWasInside.current = !!card && event.target instanceof Node && card.contains(event.target)
    }
    doc.addEventListener('focusin', onFocusIn)
    return () => doc.removeEventListener('focusin', onFocusIn)
  }, [])
  useEffect(() => {
    const el = root.current
    if (!resolved || firstKey.current !== null || !el) return
    const doc = el.ownerDocument
    const card = el.closest<HTMLElement>('.portico-card')
    const active = doc.activeElement
    const lost = (!active || active === doc.body || !active.isConnected) && focusWasInside.current
    if (!lost && !(card && card.contains(active) && !el.contains(active))) return
    const heading = el.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]')
    const target =
      heading ?? focusableElements(el)[0] ?? card?.querySelector<HTMLElement>('.portico-header__title') ?? card ?? undefined
    if (!target) return
    if (target === heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1
    target.focus({ preventScroll: true })
  }, [key, resolved])

  const retry = () => {
    if (view !== undefined) cache.current.delete(view)
    setAttempt((n) => n + 1)
  }

  let content: ReactNode
  const ViewComponent = view === undefined ? undefined : cache.current.get(view)
  if (view === undefined) content = <ViewLoading />
  else if (ViewComponent) {
    content = (
      <ViewErrorBoundary
        key={`${view}:${attempt}`}
        fallback={(error) => <ViewError title={t('view.crashed')} error={error} onRetry={retry} />}
        onError={(error) => kernel.notify.notification(`The "${view}" view crashed: ${messageOf(error)}`, 'error')}
      >
        <ViewComponent view={view} data={current?.data} />
      </ViewErrorBoundary>
    )
  } else if (load?.view === view && load.attempt === attempt && load.error !== undefined) {
    content = <ViewError error={load.error} onRetry={retry} />
  } else content = <ViewLoading />

  return (
    <div key={key} ref={root} className="portico-view" data-direction={transition.current.direction}>
      {content}
    </div>
  )
}
