import { useRef } from 'react'
import type { ViewProps } from '@portico/contracts/plugin'
import { EMAIL_LOGIN_COOLDOWN_MS } from '@portico/contracts/spec'
import { useKernel, usePorticoSelector, useTranslate } from '@portico/kernel'
import { embeddedWallet } from '../api.js'
import type { UpdateEmailOtpData } from '../types.js'
import { interpolate } from './interpolate.js'
import { OtpForm } from './OtpForm.js'
import { Address, Unavailable } from './Unavailable.js'

/**
 * UpdateEmailPrimaryOtp: the code mailed to the current address, proving the visitor still holds it. Accepted, the
 * frame mails a code to the new address and UpdateEmailSecondaryOtp takes this view's place (so going back from
 * it returns to the address form, where a mistyped address can be fixed).
 */
export default function UpdateEmailPrimaryOtpView({ data }: ViewProps<UpdateEmailOtpData>) {
  const kernel = useKernel()
  const t = useTranslate()
  const api = embeddedWallet(kernel)
  const current = usePorticoSelector((s) => s.email?.accountEmail)
  // the update's codes share the login's 30 s cooldown (SPEC §9); counted here from when this view's code was sent
  const sentAt = useRef(data?.sentAt ?? Date.now())
  if (!api) return <Unavailable testId="view-UpdateEmailPrimaryOtp" />
  const newEmail = data?.newEmail ?? ''
  const email = current ?? api.email()

  const cooldownUntil = () => Math.max(api.emailCooldownUntil(), sentAt.current + EMAIL_LOGIN_COOLDOWN_MS)
  const verify = async (code: string) => {
    await api.updateEmailPrimaryOtp(code)
    kernel.router.replace('UpdateEmailSecondaryOtp', { newEmail })
  }
  const resend = async () => {
    await api.updateEmail(newEmail)
    sentAt.current = Date.now()
    return email ? t('email.otp.resent', { email }) : undefined
  }

  return (
    <div data-testid="view-UpdateEmailPrimaryOtp" className="portico-email-view">
      <OtpForm
        description={
          email
            ? interpolate(t('email.update.primary.description', { email: '{email}' }), { email: <Address email={email} /> })
            : t('email.update.primary.fallback')
        }
        verify={verify}
        resend={resend}
        cooldownUntil={cooldownUntil}
      />
    </div>
  )
}
