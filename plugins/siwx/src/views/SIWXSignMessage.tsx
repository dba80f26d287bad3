import { useState } from 'react'
import type { ViewProps } from '@portico/contracts/plugin'
import { truncateAddress } from '@portico/contracts/spec'
import { Button, Stack, Text, useKernel, usePorticoSelector, useTranslate, WalletImage } from '@portico/kernel'
import type { SiwxController } from '../controller.js'
import { selectSiwx } from '../slice.js'

/**
 * The sign-in prompt (SIWXSignMessage, also registered as ConnectingSiwe): the app, the account and what the
 * message says; Sign in asks the wallet, Cancel disconnects when sign-in is required, else closes. A declined or
 * refused signature stays here with the reason, and Sign in tries again.
 */
export default function SIWXSignMessage({ view }: ViewProps<unknown>) {
  const kernel = useKernel()
  const t = useTranslate()
  const siwx = usePorticoSelector(selectSiwx)
  const metadata = usePorticoSelector((s) => s.options.metadata)
  const network = usePorticoSelector((s) => s.chains.networks.find((n) => n.caipNetworkId === siwx.pending?.chainId))
  const controller = kernel.extensions.read('siwx/api')[0] as SiwxController | undefined
  const [busy, setBusy] = useState(false)

  const app = metadata?.name || (typeof location === 'undefined' ? '' : location.host)
  const address = siwx.pending?.accountAddress ?? ''
  const signing = siwx.phase === 'signing'

  const sign = () => void controller?.signIn((message) => kernel.signMessage(message)).catch(() => {})
  const cancel = () => {
    setBusy(true)
    void controller?.cancel(() => kernel.disconnect()).finally(() => setBusy(false))
  }

  return (
    <Stack gap={4} align="center" data-testid={`view-${view}`} data-phase={siwx.phase}>
      <WalletImage src={metadata?.icons?.[0]} name={app} size={64} />
      <Stack gap={1} align="center">
        <Text as="h3" variant="title" weight="semibold" align="center">
          {t('siwx.heading', { app })}
        </Text>
        <Text as="p" variant="small" tone="muted" align="center">
          {t('siwx.description', { address: truncateAddress(address) })}
        </Text>
      </Stack>
      <dl className="portico-siwx-summary" aria-label={t('siwx.summary')} style={{ margin: 0, width: '100%', display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 'var(--portico-space-1) var(--portico-space-3)' }}>
        <Text as="dt" variant="small" tone="muted">
          {t('siwx.summary.domain')}
        </Text>
        <Text as="dd" variant="small" truncate style={{ margin: 0 }} data-testid="siwx-domain">
          {typeof location === 'undefined' ? '' : location.host}
        </Text>
        <Text as="dt" variant="small" tone="muted">
          {t('siwx.summary.network')}
        </Text>
        <Text as="dd" variant="small" truncate style={{ margin: 0 }}>
          {network?.name ?? siwx.pending?.chainId ?? ''}
        </Text>
      </dl>
      {siwx.required && (
        <Text as="p" variant="small" tone="muted" align="center">
          {t('siwx.requiredNote')}
        </Text>
      )}
      {(siwx.phase === 'declined' || siwx.phase === 'failed') && (
        <Text as="p" variant="small" tone="error" align="center" role="alert" data-testid="siwx-error">
          {siwx.phase === 'declined' ? t('siwx.declined') : t('siwx.failed', { reason: siwx.error ?? '' })}
        </Text>
      )}
      <Stack gap={2} style={{ width: '100%' }}>
        <Button variant="primary" fullWidth loading={signing} onClick={sign} data-testid="siwx-sign" autoFocus>
          {signing ? t('siwx.signing') : siwx.phase === 'idle' ? t('siwx.sign') : t('siwx.retry')}
        </Button>
        <Button variant="ghost" fullWidth disabled={busy || signing} onClick={cancel} data-testid="siwx-cancel">
          {siwx.required ? t('siwx.disconnect') : t('siwx.cancel')}
        </Button>
      </Stack>
    </Stack>
  )
}
