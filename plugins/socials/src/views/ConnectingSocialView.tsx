import { useEffect, useRef } from 'react'
import { Button, Spinner, Text, usePorticoDispatch, usePorticoSelector, useKernel, useTranslate } from '@portico/kernel'
import { RetryIcon } from '@portico/kernel/icons'
import { cancelSocialLogin, completeSocialReturn, startSocialLogin } from '../flow.js'
import { ProviderIcon } from '../icons.js'
import { PROVIDER_NAMES, isSocialProvider } from '../providers.js'
import { signInEnded } from '../slice.js'
import type { ConnectingSocialData } from '../types.js'
import './socials.css'

/** Result uris already being redeemed (a view mounted twice must not redeem one twice: a result works once). */
const redeeming = new Set<string>()

/**
 * ConnectingSocial: the sign-in in progress. It says what is awaited (the provider's window, the redirect, the
 * wallet), and on failure says what happened with "Try again" (which opens a new popup from that click) and
 * "Cancel". Leaving the view while the visitor is at the provider cancels that sign-in and closes its window.
 */
export default function ConnectingSocialView({ data }: { data?: ConnectingSocialData }) {
  const kernel = useKernel()
  const t = useTranslate()
  const dispatch = usePorticoDispatch()
  const state = usePorticoSelector((s) => s.socials)
  const provider = state?.provider ?? (isSocialProvider(data?.provider) ? data.provider : undefined)
  const status = state?.status ?? 'idle'
  const statusRef = useRef(status)
  statusRef.current = status

  // the redirect flow's return (?result_uri=): redeem it once
  useEffect(() => {
    const resultUri = data?.resultUri
    if (!resultUri || redeeming.has(resultUri)) return
    redeeming.add(resultUri)
    void completeSocialReturn(kernel, resultUri, isSocialProvider(data?.provider) ? data.provider : undefined)
  }, [data?.resultUri])

  useEffect(
    () => () => {
      if (['opening', 'waiting', 'redirecting'].includes(statusRef.current)) {
        cancelSocialLogin()
        dispatch(signInEnded())
      }
    },
    [],
  )

  const name = provider ? PROVIDER_NAMES[provider] : ''
  const cancel = () => {
    cancelSocialLogin()
    dispatch(signInEnded())
    kernel.router.goBack()
  }

  const line =
    status === 'waiting'
      ? t('socials.waiting', { provider: name })
      : status === 'redirecting'
        ? t('socials.redirecting', { provider: name })
        : status === 'connecting'
          ? t('socials.connecting')
          : t('socials.opening', { provider: name })

  return (
    <div data-testid="view-ConnectingSocial" data-status={status} data-provider={provider} className="portico-social-view">
      <span className="portico-social-view__badge" aria-hidden="true">
        {provider && <ProviderIcon provider={provider} size={36} />}
      </span>
      {status === 'error' ? (
        <>
          <Text as="h2" variant="title" align="center">
            {t('socials.failed', { provider: name })}
          </Text>
          <Text as="p" variant="body" tone="error" align="center" role="alert" data-testid="social-error">
            {state?.error}
          </Text>
          <div className="portico-social-view__actions">
            <Button variant="secondary" data-testid="social-cancel" onClick={cancel}>
              {t('socials.cancel')}
            </Button>
            {provider && (
              <Button variant="primary" data-testid="social-retry" icon={<RetryIcon size={16} />} onClick={() => startSocialLogin(kernel, provider)}>
                {t('socials.retry')}
              </Button>
            )}
          </div>
        </>
      ) : (
        <>
          <span className="portico-social-view__status" role="status" aria-live="polite">
            <Spinner size={18} />
            <Text variant="body">{line}</Text>
          </span>
          {status === 'waiting' && (
            <Text as="p" variant="small" tone="muted" align="center">
              {t('socials.waitingHint')}
            </Text>
          )}
          {status !== 'connecting' && (
            <div className="portico-social-view__actions">
              <Button variant="ghost" data-testid="social-cancel" onClick={cancel}>
                {t('socials.cancel')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  )
}
