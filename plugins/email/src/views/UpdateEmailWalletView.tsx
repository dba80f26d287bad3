import { useKernel, usePorticoSelector, useTranslate, Stack, Text } from '@portico/kernel'
import { embeddedWallet } from '../api.js'
import { EmailForm } from './EmailForm.js'
import { interpolate } from './interpolate.js'
import { Address, Unavailable } from './Unavailable.js'

/**
 * UpdateEmailWallet: the new address. Submitted, the embedded wallet mails a code to the current address (or,
 * when the frame says so, straight to the new one) and the matching code view follows.
 */
export default function UpdateEmailWalletView() {
  const kernel = useKernel()
  const t = useTranslate()
  const api = embeddedWallet(kernel)
  const mirrored = usePorticoSelector((s) => s.email?.accountEmail)
  if (!api) return <Unavailable testId="view-UpdateEmailWallet" />
  const current = mirrored ?? api.email()

  const start = async (newEmail: string) => {
    const { action } = await api.updateEmail(newEmail)
    kernel.router.push(action === 'VERIFY_SECONDARY_OTP' ? 'UpdateEmailSecondaryOtp' : 'UpdateEmailPrimaryOtp', { newEmail, sentAt: Date.now() })
  }

  return (
    <Stack gap={4} data-testid="view-UpdateEmailWallet" className="portico-email-view">
      {current && (
        <Text as="p" variant="body" tone="muted" align="center">
          {interpolate(t('email.update.description', { email: '{email}' }), { email: <Address email={current} /> })}
        </Text>
      )}
      <EmailForm
        layout="block"
        autoFocus
        label={t('email.update.newLabel')}
        submitLabel={t('email.continue')}
        pendingLabel={t('email.sending')}
        check={(email) => (current && email.toLowerCase() === current.toLowerCase() ? t('email.update.same') : undefined)}
        onSubmit={start}
      />
    </Stack>
  )
}
