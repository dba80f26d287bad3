import { Fragment, useEffect, useMemo, useRef, useState, type ComponentType } from 'react'
import type { ConnectMethod } from '@portico/contracts'
import {
  AlertIcon,
  Button,
  Divider,
  EmptyState,
  onListKeyDown,
  RetryIcon,
  Spinner,
  Text,
  useKernel,
  usePorticoSelector,
  useTranslate,
} from '@portico/kernel'
import { DEFAULT_CONNECT_METHODS_ORDER, sortConnectMethods } from '../walletList.js'

/**
 * The Connect view: every connect method contributed through `resolveConnectMethods`, in the host's
 * `connectMethodsOrder` (email, social, wallet by default), separated by dividers. Arrow keys move between
 * the list items of all methods.
 */
export default function ConnectView() {
  const kernel = useKernel()
  const t = useTranslate()
  const order = usePorticoSelector((s) => s.options.connectMethodsOrder)
  // a plugin that becomes ready may have tapped the hook: build the list again then
  const plugins = usePorticoSelector((s) => s.plugins.byName)
  const methods = useMemo(
    () => sortConnectMethods((kernel.hooks.resolveConnectMethods.call([]) ?? []) as ConnectMethod[], order ?? DEFAULT_CONNECT_METHODS_ORDER),
    [kernel, order, plugins],
  )

  return (
    <div data-testid="view-Connect" onKeyDown={onListKeyDown}>
      {methods.length === 0 ? (
        <EmptyState
          data-testid="connect-no-methods"
          icon={<AlertIcon size={28} />}
          title={t('connect.noMethods.title')}
          description={t('connect.noMethods.description')}
        />
      ) : (
        methods.map((method, index) => (
          <Fragment key={method.id}>
            {index > 0 && <Divider label={t('connect.or')} />}
            <MethodSection method={method} />
          </Fragment>
        ))
      )}
    </div>
  )
}

type MethodState = { component?: ComponentType; error?: unknown }

/** One connect method, loaded lazily: a spinner while it loads, a retry when it cannot be loaded. */
function MethodSection({ method }: { method: ConnectMethod }) {
  const t = useTranslate()
  const [state, setState] = useState<MethodState>({})
  const [attempt, setAttempt] = useState(0)
  const load = useRef(method.load)
  load.current = method.load

  useEffect(() => {
    let active = true
    setState({})
    load.current().then(
      (module) => {
        if (!active) return
        if (typeof module?.default !== 'function') setState({ error: new Error(`The "${method.id}" method exports no component.`) })
        else setState({ component: module.default as ComponentType })
      },
      (error: unknown) => active && setState({ error }),
    )
    return () => {
      active = false
    }
  }, [method.id, attempt])

  const Component = state.component
  return (
    <section data-testid={`connect-method-${method.id}`} data-method={method.id}>
      {Component ? (
        <Component />
      ) : state.error !== undefined ? (
        <div role="alert" style={{ display: 'flex', alignItems: 'center', gap: 'var(--portico-space-3)', minHeight: 56 }}>
          <Text variant="small" tone="muted" style={{ flex: 1 }}>
            {t('connect.method.failed')}
          </Text>
          <Button size="sm" icon={<RetryIcon size={14} />} onClick={() => setAttempt((n) => n + 1)}>
            {t('view.retry')}
          </Button>
        </div>
      ) : (
        <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 56 }}>
          <Spinner size={24} label={t('view.loading')} />
        </div>
      )}
    </section>
  )
}
