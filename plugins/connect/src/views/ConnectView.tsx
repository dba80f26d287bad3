import { Fragment, useMemo } from 'react'
import { DEFAULT_CONNECT_METHOD_ORDER } from '@portico/contracts/spec'
import { Divider, EmptyState, Lazy, onListKeyDown, useExtension, usePorticoSelector, useTranslate } from '@portico/kernel'
import { AlertIcon } from '@portico/kernel/icons'
import type { ConnectMethod } from '../extensionPoints.js'
import { sortConnectMethods } from '../walletList.js'

/**
 * The Connect view: every method contributed to `connect/methods`, in the host's `connectMethodsOrder` (email,
 * social, wallet when the host gave none), separated by dividers. Arrow keys move between the list items of all
 * methods. A contribution made or withdrawn while the view shows re-renders it.
 */
export default function ConnectView() {
  const t = useTranslate()
  const contributed = useExtension('connect/methods')
  const order = usePorticoSelector((s) => s.options.connectMethodsOrder)
  const methods = useMemo(() => sortConnectMethods(contributed, order ?? DEFAULT_CONNECT_METHOD_ORDER), [contributed, order])

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
