import { useCallback, useEffect, useRef, useState } from 'react'
import type { ViewProps } from '@portico/contracts/plugin'
import { Button, EmptyState, Spinner, Stack, Text, useKernel, usePorticoSelector, useTranslate, WalletImage } from '@portico/kernel'
import { WarningIcon } from '@portico/kernel/icons'

type Phase = 'connecting' | 'declined' | 'error'

/**
 * ConnectingExternal: asks the chosen wallet to connect and says what we wait for. A declined request offers a
 * retry; an error says what happened. Success closes the modal (the kernel does that).
 */
export default function ConnectingExternalView({ data }: ViewProps<{ connectorId?: string } | undefined>) {
  const kernel = useKernel()
  const t = useTranslate()
  const connectorId = data?.connectorId
  const connector = usePorticoSelector((s) => s.connectors.list.find((c) => c.id === connectorId))
  const [phase, setPhase] = useState<Phase>('connecting')
  const [message, setMessage] = useState('')
  const attempt = useRef(0)

  const start = useCallback(() => {
    if (!connectorId) return
    const id = ++attempt.current
    setPhase('connecting')
    kernel.connect(connectorId).catch(() => {
      if (id !== attempt.current) return // a newer attempt (retry) owns the screen
      const error = kernel.getState().connection.connectError
      setPhase(error?.declined ? 'declined' : 'error')
      setMessage(error?.message ?? t('connecting.error.generic'))
    })
  }, [connectorId, kernel, t])

  useEffect(() => {
    // connect once per mount: the wallet shows one prompt, not one per render
    if (connector && attempt.current === 0) start()
  }, [connector, start])

  if (!connector) {
    return (
      <EmptyState
        data-testid="view-ConnectingExternal"
        tone="warning"
        icon={<WarningIcon size={28} />}
        title={t('connecting.missing.title')}
        description={t('connecting.missing.description')}
        action={<Button onClick={() => kernel.router.goBack()}>{t('connecting.back')}</Button>}
      />
    )
  }

  const name = connector.name
  return (
    <Stack gap={4} align="center" data-testid="view-ConnectingExternal" data-phase={phase}>
      <div style={{ position: 'relative', display: 'grid', placeItems: 'center', padding: 8 }}>
        <WalletImage src={connector.imageUrl} name={name} size={72} />
        {phase === 'connecting' && (
          <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'end', pointerEvents: 'none' }}>
            <Spinner size={22} label={t('connecting.waiting', { wallet: name })} />
          </div>
        )}
      </div>
      <Stack gap={1} align="center">
        <Text as="h3" variant="title" weight="semibold" align="center" data-testid="connecting-heading">
          {phase === 'connecting' ? t('connecting.heading', { wallet: name }) : phase === 'declined' ? t('connecting.declined.title') : t('connecting.error.title')}
        </Text>
        <Text as="p" variant="small" tone={phase === 'connecting' ? 'muted' : 'error'} align="center" role={phase === 'connecting' ? undefined : 'alert'}>
          {phase === 'connecting' ? t('connecting.description', { wallet: name }) : phase === 'declined' ? t('connecting.declined.description') : message}
        </Text>
      </Stack>
      {phase !== 'connecting' && (
        <Button variant="primary" onClick={start} data-testid="connecting-retry" autoFocus>
          {t('connecting.retry')}
        </Button>
      )}
    </Stack>
  )
}
