import { useState } from 'react'
import type { ViewProps } from '@portico/contracts/plugin'
import { Button, EmptyState, useKernel, useTranslate } from '@portico/kernel'
import { RetryIcon, WarningIcon } from '@portico/kernel/icons'
import { embeddedWallet, errorText } from '../api.js'
import { AUTH_CONNECTOR_ID, type EmailVerifyOtpData } from '../types.js'
import { OtpForm } from './OtpForm.js'
import { Address, Unavailable } from './Unavailable.js'
import { interpolate } from './interpolate.js'

/**
 * EmailVerifyOtp: the code mailed to the address. A complete code is checked (`connectOtp`), then the auth
 * connector connects (the kernel closes the modal). Resend asks again, with the cooldown counted down. When the
 * code was taken but connecting fails, the view says why and retries connecting only: a code works once.
 */
export default function EmailVerifyOtpView({ data }: ViewProps<EmailVerifyOtpData>) {
  const kernel = useKernel()
  const t = useTranslate()
  const api = embeddedWallet(kernel)
  const [connectError, setConnectError] = useState('')
  const [connecting, setConnecting] = useState(false)
  if (!api) return <Unavailable testId="view-EmailVerifyOtp" />
  const email = data?.email ?? api.email() ?? ''

  const connect = async () => {
    setConnecting(true)
    try {
      await kernel.connect(AUTH_CONNECTOR_ID)
      setConnectError('')
    } catch (reason) {
      setConnectError(errorText(reason, t('email.failed')))
    } finally {
      setConnecting(false)
    }
  }
  const verify = async (code: string) => {
    await api.connectOtp(code)
    await connect()
  }

  const resend = async () => {
    const { action } = await api.connectEmail(email)
    if (action === 'VERIFY_DEVICE') return void kernel.router.replace('EmailVerifyDevice', { email })
    if (action === 'CONNECT') return void (await kernel.connect(AUTH_CONNECTOR_ID))
    return t('email.otp.resent', { email })
  }

  if (connectError) {
    return (
      <div data-testid="view-EmailVerifyOtp" className="portico-email-view" data-state="connect-failed">
        <EmptyState
          tone="error"
          icon={<WarningIcon size={28} />}
          title={t('email.connectFailed')}
          description={<span role="alert" data-testid="otp-connect-error">{connectError}</span>}
          action={
            <Button variant="primary" icon={<RetryIcon size={16} />} loading={connecting} data-testid="otp-connect-retry" onClick={() => void connect()}>
              {t('email.retry')}
            </Button>
          }
        />
      </div>
    )
  }

  return (
    <div data-testid="view-EmailVerifyOtp" className="portico-email-view">
      <OtpForm
        description={interpolate(t('email.otp.description', { email: '{email}' }), { email: <Address email={email} /> })}
        verify={verify}
        resend={resend}
        cooldownUntil={() => api.emailCooldownUntil()}
      />
    </div>
  )
}
