import { Fragment, useMemo } from 'react'
import type { ConnectMethod } from '@portico/contracts/plugin'
import {
  AlertIcon,
  Divider,
  EmptyState,
  Lazy,
  onListKeyDown,
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

/** One connect method, loaded lazily: a spinner while it loads, a retry when it cannot be loaded. */
function MethodSection({ method }: { method: ConnectMethod }) {
  const t = useTranslate()
  return (
    <section data-testid={`connect-method-${method.id}`} data-method={method.id}>
      <Lazy id={method.id} load={method.load} errorMessage={t('connect.method.failed')} />
    </section>
  )
}
