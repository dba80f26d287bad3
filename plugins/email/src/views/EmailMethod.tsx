import { useKernel, useTranslate } from '@portico/kernel'
import { embeddedWallet, ensureEmbeddedWallet } from '../api.js'
import { AUTH_CONNECTOR_ID } from '../types.js'
import { EmailForm } from './EmailForm.js'

/**
 * The `email` connect method: the email field on the Connect view. It asks the embedded wallet for a code and
 * goes where the answer says: the code view, the device-approval view, or straight to connecting when the frame
 * still holds a session for that address.
 */
export default function EmailMethod() {
  const kernel = useKernel()
  const t = useTranslate()

  const start = async (email: string) => {
    const api = await ensureEmbeddedWallet(kernel)
    if (!api) throw new Error(t('email.unavailable'))
    const { action } = await api.connectEmail(email)
    if (action === 'VERIFY_OTP') return kernel.router.push('EmailVerifyOtp', { email })
    if (action === 'VERIFY_DEVICE') return kernel.router.push('EmailVerifyDevice', { email })
    await kernel.connect(AUTH_CONNECTOR_ID)
  }

  return (
    <div data-testid="email-method">
      <EmailForm
        label={t('email.label')}
        submitLabel={t('email.continue')}
        pendingLabel={t('email.sending')}
        cooldownUntil={() => embeddedWallet(kernel)?.emailCooldownUntil() ?? 0}
        onSubmit={start}
      />
    </div>
  )
}
