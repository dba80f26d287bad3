import { Fragment, useId, useMemo, type ReactNode } from 'react'
import { DEFAULT_CONNECT_METHOD_ORDER } from '@portico/contracts/spec'
import { Divider, EmptyState, Lazy, onListKeyDown, Text, useExtension, usePorticoDispatch, usePorticoSelector, useTranslate, type Translate } from '@portico/kernel'
import { AlertIcon } from '@portico/kernel/icons'
import type { ConnectMethod } from '../extensionPoints.js'
import { legalAcceptanceChanged, selectConnectAllowed, type LegalDocuments } from '../slice.js'
import { sortConnectMethods } from '../walletList.js'

// the default method, in this chunk: see `walletConnectMethod`
export { default as WalletMethod } from './WalletMethod.js'

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
  const legal = usePorticoSelector((s) => s.connect?.legal ?? null)
  const allowed = usePorticoSelector(selectConnectAllowed)
  const hintId = useId()

  const list =
    methods.length === 0 ? (
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
    )

  if (legal) {
    return (
      <div data-testid="view-Connect" onKeyDown={onListKeyDown}>
        <LegalCheckbox legal={legal} accepted={allowed} />
        {/* a disabled fieldset disables every control of every method, contributed ones included */}
        <fieldset
          data-testid="connect-methods"
          disabled={!allowed}
          aria-disabled={!allowed || undefined}
          aria-describedby={allowed ? undefined : hintId}
          style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
        >
          {!allowed && (
            <Text as="p" variant="small" tone="muted" align="center" id={hintId} data-testid="legal-hint" style={{ margin: '0 0 var(--portico-space-3)' }}>
              {t('connect.legal.hint')}
            </Text>
          )}
          {list}
        </fieldset>
      </div>
    )
  }

  return (
    <div data-testid="view-Connect" onKeyDown={onListKeyDown}>
      {list}
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

/** Puts React nodes where a message has `{name}` placeholders: "I agree to the {terms}" with a link for `terms`. */
function interpolate(template: string, parts: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{\w+\})/).map((piece, i) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1]
    return <Fragment key={i}>{name && name in parts ? parts[name] : piece}</Fragment>
  })
}

function legalLabel(t: Translate, legal: LegalDocuments): ReactNode[] {
  const link = (href: string, key: string, testId: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer" data-testid={testId} style={{ color: 'var(--portico-accent-soft-fg)', textDecoration: 'underline' }}>
      {t(key)}
    </a>
  )
  const terms = legal.termsUrl ? link(legal.termsUrl, 'connect.legal.terms', 'legal-terms') : undefined
  const privacy = legal.privacyUrl ? link(legal.privacyUrl, 'connect.legal.privacy', 'legal-privacy') : undefined
  if (terms && privacy) return interpolate(t('connect.legal.agreeBoth'), { terms, privacy })
  return interpolate(t('connect.legal.agreeOne'), { document: terms ?? privacy })
}

/** "I agree to the Terms of Service and Privacy Policy": ticking it enables every way to connect. */
function LegalCheckbox({ legal, accepted }: { legal: LegalDocuments; accepted: boolean }) {
  const t = useTranslate()
  const dispatch = usePorticoDispatch()
  const id = useId()
  return (
    <div
      data-testid="legal-checkbox"
      style={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 'var(--portico-space-2)',
        padding: 'var(--portico-space-3)',
        marginBottom: 'var(--portico-space-3)',
        borderRadius: 'var(--portico-radius-md)',
        background: 'var(--portico-color-surface)',
        color: 'var(--portico-color-fg)',
        fontSize: 'var(--portico-font-size-sm)',
      }}
    >
      <input
        id={id}
        type="checkbox"
        data-testid="legal-accept"
        checked={accepted}
        onChange={(e) => dispatch(legalAcceptanceChanged(e.currentTarget.checked))}
        style={{ width: 18, height: 18, margin: '1px 0 0', flexShrink: 0, accentColor: 'var(--portico-accent)' }}
      />
      <label htmlFor={id}>{legalLabel(t, legal)}</label>
    </div>
  )
}
