import { useEffect, useRef, useState } from 'react'
import { EmptyState, Spinner, Stack, Text, useKernel, useTranslate } from '@portico/kernel'
import { AUTH_CONNECTOR_ID } from '../constants.js'
import { authConnectorInternals } from '../connector.js'
import './approve.css'

/**
 * ApproveTransaction: a slot the login frame is shown over while it asks the visitor to approve a request. The
 * buttons live in the frame's own document, on its own origin: nothing on this page can approve. A spinner shows
 * until the frame is ready; then keyboard focus moves into it.
 */
export default function ApproveTransaction(_props: { view: string; data: unknown }) {
  const kernel = useKernel()
  const t = useTranslate()
  const internals = authConnectorInternals(kernel.getConnector(AUTH_CONNECTOR_ID))
  const slot = useRef<HTMLDivElement>(null)
  const [showing, setShowing] = useState(false)

  useEffect(() => {
    const el = slot.current
    if (!internals || !el) return
    const { frame } = internals
    let release: (() => void) | undefined
    let live = true
    frame.ready().then(
      () => {
        if (!live) return
        release = frame.showOver(el)
        setShowing(true)
        frame.focus()
      },
      () => {},
    )
    return () => {
      live = false
      release?.()
    }
  }, [internals])

  if (!internals) {
    return (
      <div data-testid="view-ApproveTransaction" className="portico-ew-approve">
        <EmptyState
          tone="error"
          title={t('embeddedWallet.approve.unavailable.title')}
          description={t('embeddedWallet.approve.unavailable.description')}
        />
      </div>
    )
  }
  return (
    <Stack gap={3} data-testid="view-ApproveTransaction" className="portico-ew-approve">
      <div ref={slot} data-testid="approve-frame-slot" className="portico-ew-approve__slot" aria-busy={!showing} data-showing={showing || undefined}>
        {!showing && (
          <Stack gap={3} align="center" className="portico-ew-approve__loading">
            <Spinner size={28} label={t('embeddedWallet.approve.loading')} />
            <Text variant="small" tone="muted" align="center">
              {t('embeddedWallet.approve.loading')}
            </Text>
          </Stack>
        )}
      </div>
      <Text as="p" variant="small" tone="muted" align="center">
        {t('embeddedWallet.approve.hint')}
      </Text>
    </Stack>
  )
}
