import { useMemo } from 'react'
import { Button, EmptyState, Spinner, Stack, Text, useKernel, usePorticoDispatch, useTranslate, WalletImage } from '@portico/kernel'
import { AlertIcon, CopyIcon, RetryIcon } from '@portico/kernel/icons'
import { WALLETCONNECT_ICON } from '../constants.js'
import { pickWalletLink, type WalletListingLike } from '../links.js'
import { walletAppOpened } from '../slice.js'
import { QrCode } from './QrCode.js'
import { countdown, useNow, useWalletConnect, useWalletImage } from './useWalletConnect.js'
import './walletconnect.css'

export type WalletConnectPanelProps = {
  /** The registry wallet the visitor picked: names the wallet and offers its app link. */
  wallet?: WalletListingLike | undefined
  /** QR size in px. */
  qrSize?: number
}

/**
 * The pairing UI both WalletConnect views share: the QR code (a spinner until the URI arrives), a countdown to the
 * automatic refresh, "Open in <wallet> app" when the wallet has links, "Copy link", and the declined and failed
 * states with "Try again".
 */
export function WalletConnectPanel({ wallet, qrSize = 264 }: WalletConnectPanelProps) {
  const kernel = useKernel()
  const t = useTranslate()
  const dispatch = usePorticoDispatch()
  const { connector, uri, expiry, phase, error, retry, refresh } = useWalletConnect()
  const image = useWalletImage(wallet)
  const now = useNow(1000, Boolean(uri))
  const left = countdown(expiry, now)
  const link = useMemo(() => (wallet && uri ? pickWalletLink(wallet, uri, kernel.isMobile()) : undefined), [wallet, uri, kernel])

  if (!connector) {
    return (
      <EmptyState
        tone="error"
        icon={<AlertIcon size={28} />}
        title={t('wc.unavailable.title')}
        description={t('wc.unavailable.description')}
        data-testid="wc-unavailable"
      />
    )
  }

  if (phase === 'declined' || phase === 'failed') {
    const declined = phase === 'declined'
    return (
      <div className="portico-wc-state" data-testid={declined ? 'wc-declined' : 'wc-failed'}>
        <EmptyState
          tone="error"
          icon={<AlertIcon size={28} />}
          title={t(declined ? 'wc.declined.title' : 'wc.failed.title')}
          description={<span role="alert">{declined ? t('wc.declined.description') : (error ?? t('wc.failed.description'))}</span>}
          action={
            <Button variant="primary" icon={<RetryIcon size={16} />} onClick={retry} data-testid="wc-retry">
              {t('wc.retry')}
            </Button>
          }
        />
      </div>
    )
  }

  const walletName = wallet?.name
  const logo = <WalletImage src={walletName ? image : WALLETCONNECT_ICON} name={walletName ?? 'WalletConnect'} size={48} />

  const copy = async () => {
    if (!uri) return
    try {
      await navigator.clipboard.writeText(uri)
      kernel.notify.toast(t('wc.copied'), 'success')
    } catch {
      kernel.notify.toast(t('wc.copyFailed'), 'error')
    }
  }

  const openApp = () => {
    if (!link || !walletName) return
    dispatch(walletAppOpened({ name: walletName, href: link.base }))
  }

  return (
    <Stack gap={4} align="center" className="portico-wc">
      <div className="portico-wc-qr-frame">
        {uri ? (
          <QrCode uri={uri} size={qrSize} logo={logo} label={t('wc.qr.label')} />
        ) : (
          <div className="portico-wc-qr portico-wc-qr--placeholder" style={{ width: qrSize, height: qrSize }} data-testid="wc-qr-loading" role="status" aria-live="polite">
            <Spinner size={32} />
            <Text variant="small" tone="muted">
              {t('wc.preparing')}
            </Text>
          </div>
        )}
      </div>

      <Stack gap={1} align="center">
        <Text as="p" variant="body" weight="semibold" align="center">
          {walletName ? t('wc.scan.wallet', { name: walletName }) : t('wc.scan.title')}
        </Text>
        <Text as="p" variant="small" tone="muted" align="center">
          {t('wc.scan.description')}
        </Text>
        <Text as="p" variant="tiny" tone="muted" align="center" className="portico-wc-expiry" aria-live="off" data-testid="wc-expiry">
          {uri && left ? (
            <>
              {t('wc.expires', { time: left })}
              <button type="button" className="portico-wc-link-button" onClick={refresh} data-testid="wc-refresh">
                {t('wc.refresh')}
              </button>
            </>
          ) : (
            '\u00a0'
          )}
        </Text>
      </Stack>

      <div className="portico-wc-actions">
        {link && walletName && (
          <a
            href={uri ? link.href : undefined}
            target={link.kind === 'universal' ? '_blank' : '_self'}
            rel="noopener noreferrer"
            className="portico-button portico-button--primary portico-button--md portico-button--full"
            aria-disabled={!uri || undefined}
            onClick={openApp}
            data-testid="wc-open-app"
          >
            <span className="portico-button__label">
              {link.surface === 'web' ? t('wc.openWeb', { name: walletName }) : t('wc.open', { name: walletName })}
            </span>
          </a>
        )}
        <Button variant="secondary" fullWidth icon={<CopyIcon size={16} />} disabled={!uri} onClick={copy} data-testid="wc-copy">
          {t('wc.copy')}
        </Button>
      </div>
    </Stack>
  )
}
