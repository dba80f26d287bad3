import type { ViewProps } from '@portico/contracts/plugin'
import { KERNEL_VIEWS } from '@portico/contracts/plugin'
import { useKernel, useTranslate } from '@portico/kernel'
import { embeddedWallet } from '../api.js'
import type { UpdateEmailOtpData } from '../types.js'
import { interpolate } from './interpolate.js'
import { OtpForm } from './OtpForm.js'
import { Address, Unavailable } from './Unavailable.js'

/**
 * UpdateEmailSecondaryOtp: the code mailed to the new address. Accepted, the address is the wallet's email: a
 * success toast says so and the Account view shows again. No resend here: asking again restarts at the current
 * address, which is what going back (to the address form) does.
 */
export default function UpdateEmailSecondaryOtpView({ data }: ViewProps<UpdateEmailOtpData>) {
  const kernel = useKernel()
  const t = useTranslate()
  const api = embeddedWallet(kernel)
  if (!api) return <Unavailable testId="view-UpdateEmailSecondaryOtp" />
  const newEmail = data?.newEmail ?? ''

  const verify = async (code: string) => {
    const result = await api.updateEmailSecondaryOtp(code)
    kernel.notify.toast(t('email.update.done', { email: result.newEmail || newEmail }), 'success')
    kernel.router.reset(KERNEL_VIEWS.account)
  }

  return (
    <div data-testid="view-UpdateEmailSecondaryOtp" className="portico-email-view">
      <OtpForm description={interpolate(t('email.update.secondary.description', { email: '{email}' }), { email: <Address email={newEmail} /> })} verify={verify} />
    </div>
  )
}
