import { Button, EmptyState, SectionLabel, Stack, Text, useAccount, useKernel, useNetwork, usePorticoSelector, useTranslate, WalletImage } from '@portico/kernel'
import { truncateAddress } from '@portico/contracts/spec'
import { CopyIcon, WalletIcon } from '@portico/kernel/icons'
import { useMemo } from 'react'
import { receivableNetworks, selectReceivableTokens } from '../receivable.js'
import { AddressQr } from './AddressQr.js'
import './receive.css'

/**
 * WalletReceive: the connected address as a QR code and in full, a button that copies it (with a toast), the
 * networks of its namespace it can receive on, and the icons of the tokens it already holds.
 */
export default function ReceiveView() {
  const kernel = useKernel()
  const t = useTranslate()
  const account = useAccount()
  const { networks, caipNetworkId } = useNetwork()
  const tokens = usePorticoSelector(selectReceivableTokens)
  const receivable = useMemo(() => receivableNetworks(networks, account.namespace, caipNetworkId), [networks, account.namespace, caipNetworkId])

  if (!account.isConnected || !account.address) {
    return (
      <div data-testid="view-WalletReceive">
        <EmptyState icon={<WalletIcon size={28} />} title={t('receive.notConnected.title')} description={t('receive.notConnected.description')} />
      </div>
    )
  }

  const address = account.address
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable.')
      await navigator.clipboard.writeText(address)
      kernel.notify.toast(t('receive.copied'), 'success')
    } catch {
      kernel.notify.toast(t('receive.copyFailed'), 'error')
    }
  }

  return (
    <Stack gap={4} align="center" className="portico-receive" data-testid="view-WalletReceive">
      <AddressQr address={address} label={t('receive.qr.label', { address: truncateAddress(address) })} />
      <Stack gap={1} align="center">
        <Text as="p" variant="body" weight="semibold" align="center">
          {t('receive.heading')}
        </Text>
        <Text as="p" className="portico-receive-address" data-testid="receive-address" dir="ltr">
          {address}
        </Text>
      </Stack>
      <Button variant="secondary" fullWidth icon={<CopyIcon size={16} />} onClick={() => void copy()} data-testid="receive-copy">
        {t('receive.copy')}
      </Button>

      <Text as="p" variant="small" tone="muted" align="center">
        {t('receive.description')}
      </Text>

      {receivable.length > 0 && (
        <Stack gap={2} align="center" style={{ width: '100%' }}>
          <SectionLabel id="portico-receive-networks">{t('receive.networks')}</SectionLabel>
          <ul className="portico-receive-chips" aria-labelledby="portico-receive-networks" data-testid="receive-networks">
            {receivable.map((n) => (
              <li key={n.caipNetworkId} className="portico-receive-chip" data-testid={`receive-network-${n.caipNetworkId}`}>
                <WalletImage src={n.assets?.imageUrl} name={n.name} size={20} shape="circle" decorative />
                <span className="portico-receive-chip__name">{n.name}</span>
              </li>
            ))}
          </ul>
        </Stack>
      )}

      {tokens.length > 0 && (
        <Stack gap={2} align="center" style={{ width: '100%' }}>
          <SectionLabel id="portico-receive-tokens">{t('receive.tokens')}</SectionLabel>
          <ul className="portico-receive-icons" aria-labelledby="portico-receive-tokens" data-testid="receive-tokens">
            {tokens.map((token) => (
              <li key={token.symbol} title={token.symbol} data-testid={`receive-token-${token.symbol}`}>
                <WalletImage src={token.iconUrl} name={token.symbol} size={28} shape="circle" />
              </li>
            ))}
          </ul>
        </Stack>
      )}

    </Stack>
  )
}
