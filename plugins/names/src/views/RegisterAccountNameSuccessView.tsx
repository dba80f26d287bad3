import { Avatar, Button, Spinner, Stack, Text, useAccount, useKernel, usePorticoSelector, useTranslate } from '@portico/kernel'
import { selectNames } from '../slice.js'
import './names.css'

/**
 * RegisterAccountNameSuccess (no back button): while the registration runs it says what is awaited (the
 * signature, then the server); once the name is registered it is alone on the stack and says the name is yours.
 */
export default function RegisterAccountNameSuccessView() {
  const kernel = useKernel()
  const t = useTranslate()
  const account = useAccount()
  const { step, name } = usePorticoSelector(selectNames)

  if (step !== 'registered' || !name) {
    const waiting = step === 'registering' ? t('names.pending.registering', { name: name ?? '' }) : t('names.pending.signing')
    return (
      <Stack gap={3} align="center" className="portico-names-pending" data-testid="view-RegisterAccountNameSuccess" data-step={step} aria-busy="true">
        <Spinner size={32} label={waiting} />
        <Text as="p" variant="body" align="center" role="status">
          {waiting}
        </Text>
      </Stack>
    )
  }

  return (
    <Stack gap={4} align="center" className="portico-names-success" data-testid="view-RegisterAccountNameSuccess" data-step={step}>
      {account.address && <Avatar address={account.address} src={account.profileImage} size={72} label={name} />}
      <Stack gap={1} align="center">
        <Text as="h2" variant="title" weight="semibold" align="center" data-testid="register-name-registered">
          {t('names.success.heading', { name })}
        </Text>
        <Text as="p" variant="small" tone="muted" align="center">
          {t('names.success.description')}
        </Text>
      </Stack>
      <Button variant="primary" fullWidth autoFocus data-testid="register-name-done" onClick={() => kernel.router.reset('Account')}>
        {t('names.success.done')}
      </Button>
    </Stack>
  )
}
