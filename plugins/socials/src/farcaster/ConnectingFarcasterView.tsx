import { useEffect, useRef } from 'react'
import { Button, Spinner, Text, usePorticoSelector, useKernel, useTranslate } from '@portico/kernel'
import { CopyIcon, RetryIcon } from '@portico/kernel/icons'
import { ProviderIcon } from '../icons.js'
import { FarcasterQr } from './FarcasterQr.js'
import { resetFarcasterLogin, startFarcasterLogin } from './flow.js'
import './farcaster.css'

/**
 * ConnectingFarcaster: the code to scan (the channel's `farcaster://connect` link as a QR code) with "Copy link",
 * while the login frame waits for a Farcaster app's approval; then the wallet connects. After 5 minutes the code
 * is shown as expired with "Get a new code"; a failure says what happened with "Try again". Leaving the view while
 * not connected (the header's back) resets the sign-in and the embedded wallet (SPEC §2).
 */
export default function ConnectingFarcasterView() {
  const kernel = useKernel()
  const t = useTranslate()
  const state = usePorticoSelector((s) => s.socialsFarcaster)
  const status = state?.status ?? 'idle'
  const url = state?.url

  // opened without a sign-in in progress (a restored route): start one
  useEffect(() => {
    if (status === 'idle') startFarcasterLogin(kernel)
  }, [])

  const kernelRef = useRef(kernel)
  kernelRef.current = kernel
  useEffect(
    () => () => {
      void resetFarcasterLogin(kernelRef.current).catch(() => undefined)
    },
    [],
  )

  const copy = async () => {
    if (!url) return
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable.')
      await navigator.clipboard.writeText(url)
      kernel.notify.toast(t('socials.farcaster.copied'), 'success')
    } catch {
      kernel.notify.toast(t('socials.farcaster.copyFailed'), 'error')
    }
  }
  const retry = () => startFarcasterLogin(kernel)

  return (
    <div data-testid="view-ConnectingFarcaster" data-status={status} className="portico-farcaster-view">
      {status === 'error' ? (
        <>
          <span className="portico-farcaster-view__badge" aria-hidden="true">
            <ProviderIcon provider="farcaster" size={36} />
          </span>
          <Text as="h2" variant="title" align="center">
            {t('socials.farcaster.failed')}
          </Text>
          <Text as="p" variant="body" tone="error" align="center" role="alert" data-testid="farcaster-error">
            {state?.error}
          </Text>
          <Button variant="primary" fullWidth data-testid="farcaster-retry" icon={<RetryIcon size={16} />} onClick={retry}>
            {t('socials.retry')}
          </Button>
        </>
      ) : (
        <>
          <div className="portico-farcaster-view__code">
            {url ? (
              <FarcasterQr url={url} label={t('socials.farcaster.qrLabel')} dimmed={status === 'expired'} />
            ) : (
              <div className="portico-farcaster-view__placeholder" aria-hidden="true">
                <Spinner size={24} />
              </div>
            )}
            {status === 'expired' && (
              <div className="portico-farcaster-view__expired">
                <Button variant="primary" data-testid="farcaster-retry" icon={<RetryIcon size={16} />} onClick={retry}>
                  {t('socials.farcaster.newCode')}
                </Button>
              </div>
            )}
          </div>
          {status === 'expired' ? (
            <div className="portico-farcaster-view__text" role="alert">
              <Text as="p" variant="body" weight="semibold" align="center">
                {t('socials.farcaster.expired')}
              </Text>
              <Text as="p" variant="small" tone="muted" align="center">
                {t('socials.farcaster.expiredHint')}
              </Text>
            </div>
          ) : (
            <div className="portico-farcaster-view__text">
              <Text as="p" variant="body" weight="semibold" align="center">
                {t('socials.farcaster.scan')}
              </Text>
              <span className="portico-farcaster-view__status" role="status" aria-live="polite">
                <Spinner size={16} />
                <Text variant="small" tone="muted">
                  {status === 'connecting' ? t('socials.farcaster.connecting') : status === 'waiting' ? t('socials.farcaster.waiting') : t('socials.farcaster.opening')}
                </Text>
              </span>
            </div>
          )}
          <Button variant="secondary" fullWidth data-testid="farcaster-copy" icon={<CopyIcon size={16} />} disabled={!url || status === 'expired'} onClick={() => void copy()}>
            {t('socials.farcaster.copy')}
          </Button>
        </>
      )}
    </div>
  )
}
