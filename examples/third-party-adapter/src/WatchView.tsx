import { useId, useState, type FormEvent } from 'react'
import { Button, Stack, Text, useKernel, useTranslate } from '@portico/kernel'
import { WATCH_CONNECTOR_ID } from './connector.js'
import { isAddress } from './provider.js'
import { watchProvider } from './state.js'

const fieldStyle = {
  boxSizing: 'border-box',
  width: '100%',
  height: 48,
  padding: '0 var(--portico-space-3)',
  border: '1px solid var(--portico-color-border)',
  borderRadius: 'var(--portico-radius-md)',
  background: 'var(--portico-color-surface)',
  color: 'var(--portico-color-fg)',
  font: 'inherit',
  fontSize: 'var(--portico-font-size-sm)',
  fontVariantNumeric: 'tabular-nums',
} as const

/**
 * The address form: the visitor types any `0x` address, and the modal connects to it read-only (the Account view
 * then shows its balance and activity). A malformed address, or a connection that fails, is said under the field.
 */
export default function WatchView() {
  const kernel = useKernel()
  const t = useTranslate()
  const [value, setValue] = useState('')
  const [error, setError] = useState('')
  const [pending, setPending] = useState(false)
  const fieldId = useId()
  const messageId = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const address = value.trim()
    if (!isAddress(address)) return setError(t('watchAddress.invalid'))
    const provider = watchProvider()
    if (!provider) return setError(t('watchAddress.noAddress'))
    setError('')
    setPending(true)
    try {
      provider.watch(address)
      await kernel.connect(WATCH_CONNECTOR_ID, { namespace: 'eip155' })
    } catch (reason) {
      setError((reason as { shortMessage?: string; message?: string })?.shortMessage ?? (reason as Error)?.message ?? String(reason))
    } finally {
      setPending(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="view-watch-address/Watch">
      <Stack gap={3}>
        <Text as="p" variant="small" tone="muted">
          {t('watchAddress.intro')}
        </Text>
        <label htmlFor={fieldId}>
          <Text as="span" variant="small" weight="semibold">
            {t('watchAddress.label')}
          </Text>
        </label>
        <input
          id={fieldId}
          data-testid="watch-address-input"
          style={{ ...fieldStyle, ...(error ? { borderColor: 'var(--portico-color-error)' } : {}) }}
          value={value}
          onChange={(e) => {
            setValue(e.target.value)
            setError('')
          }}
          placeholder={t('watchAddress.placeholder')}
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          autoFocus
        />
        {error && (
          <Text as="p" variant="small" tone="error" role="alert" id={messageId} data-testid="watch-address-error">
            {error}
          </Text>
        )}
        <Button type="submit" variant="primary" fullWidth disabled={pending} data-testid="watch-address-submit">
          {t('watchAddress.submit')}
        </Button>
      </Stack>
    </form>
  )
}
