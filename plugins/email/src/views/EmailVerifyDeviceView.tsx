import { useEffect, useState } from 'react'
import type { ViewProps } from '@portico/contracts/plugin'
import { Button, Spinner, Stack, Text, useKernel, useTranslate } from '@portico/kernel'
import { RetryIcon } from '@portico/kernel/icons'
import { embeddedWallet, errorText } from '../api.js'
import { AUTH_CONNECTOR_ID, type EmailVerifyDeviceData } from '../types.js'
import { interpolate } from './interpolate.js'
import { MailIcon } from './MailIcon.js'
import { Address, Unavailable } from './Unavailable.js'
import { useSecondsLeft } from './useSecondsLeft.js'
import './email.css'

/**
 * EmailVerifyDevice: a new device of a known address. A link was mailed to approve it; the view waits on
 * `connectDevice` (aborted when the view goes away) and then replaces itself with the code view, since the frame
 * mails the code once the device is approved. The link can be sent again after the cooldown.
 */
export default function EmailVerifyDeviceView({ data }: ViewProps<EmailVerifyDeviceData>) {
  const kernel = useKernel()
  const t = useTranslate()
  const api = embeddedWallet(kernel)
  const email = data?.email ?? api?.email() ?? ''
  const [attempt, setAttempt] = useState(0)
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const [resending, setResending] = useState(false)
  const [until, setUntil] = useState(() => api?.emailCooldownUntil() ?? 0)
  const secondsLeft = useSecondsLeft(until)

  useEffect(() => {
    if (!api) return
    const controller = new AbortController()
    setError('')
    api.connectDevice(controller.signal).then(
      () => {
        if (!controller.signal.aborted) kernel.router.replace('EmailVerifyOtp', { email })
      },
      (reason: unknown) => {
        if (!controller.signal.aborted) setError(errorText(reason, t('email.device.failed')))
      },
    )
    return () => controller.abort()
    // one wait per attempt: a new render must not ask the frame again
  }, [api, attempt])

  if (!api) return <Unavailable testId="view-EmailVerifyDevice" />

  const resend = async () => {
    setResending(true)
    setNotice('')
    try {
      const { action } = await api.connectEmail(email)
      if (action === 'VERIFY_OTP') return kernel.router.replace('EmailVerifyOtp', { email })
      if (action === 'CONNECT') return void (await kernel.connect(AUTH_CONNECTOR_ID))
      setError('')
      setNotice(t('email.device.resent', { email }))
    } catch (reason) {
      setError(errorText(reason, t('email.failed')))
    } finally {
      setResending(false)
      setUntil(api.emailCooldownUntil())
    }
  }

  return (
    <Stack gap={4} align="center" data-testid="view-EmailVerifyDevice" className="portico-email-view">
      <span className="portico-email-badge" aria-hidden="true">
        <MailIcon />
      </span>
      <Stack gap={2} align="center">
        <Text as="h3" variant="title" weight="semibold" align="center">
          {t('email.device.heading')}
        </Text>
        <Text as="p" variant="body" tone="muted" align="center">
          {interpolate(t('email.device.description', { email: '{email}' }), { email: <Address email={email} /> })}
        </Text>
      </Stack>
      {error ? (
        <Stack gap={3} align="center">
          <Text as="p" variant="small" tone="error" align="center" role="alert" data-testid="device-error">
            {error}
          </Text>
          <Button variant="secondary" icon={<RetryIcon size={16} />} data-testid="device-retry" onClick={() => setAttempt((n) => n + 1)}>
            {t('email.retry')}
          </Button>
        </Stack>
      ) : (
        <span className="portico-otp-form__verifying" data-testid="device-waiting">
          <Spinner size={16} />
          <Text variant="small" tone="muted">
            {t('email.device.waiting')}
          </Text>
        </span>
      )}
      <div aria-live="polite">
        {notice && (
          <Text as="p" variant="small" tone="success" align="center" data-testid="device-notice">
            {notice}
          </Text>
        )}
      </div>
      <Button variant="ghost" size="sm" data-testid="device-resend" loading={resending} disabled={secondsLeft > 0} onClick={() => void resend()}>
        {secondsLeft > 0 ? t('email.device.resendIn', { seconds: secondsLeft }) : t('email.device.resend')}
      </Button>
    </Stack>
  )
}
