import { Button, EmptyState, useKernel, useTranslate } from '@portico/kernel'
import { WarningIcon } from '@portico/kernel/icons'

/**
 * What an email view shows when no embedded wallet is set up (no `auth` connector): a sentence and the way back,
 * instead of a crash. The root keeps the view's test id.
 */
export function Unavailable({ testId }: { testId: string }) {
  const kernel = useKernel()
  const t = useTranslate()
  return (
    <div data-testid={testId} data-state="unavailable">
      <EmptyState
        tone="warning"
        icon={<WarningIcon size={28} />}
        title={t('email.unavailable.title')}
        description={t('email.unavailable.description')}
        action={
          <Button variant="primary" onClick={() => kernel.router.goBack()}>
            {t('email.back')}
          </Button>
        }
      />
    </div>
  )
}

/** The address in a sentence, kept on one line and set apart from the words around it. */
export function Address({ email }: { email: string }) {
  return (
    <strong className="portico-email-address" dir="ltr">
      {email}
    </strong>
  )
}
