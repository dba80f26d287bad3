import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Button, Spinner, Text, useTranslate } from '@portico/kernel'
import { ChevronRightIcon } from '@portico/kernel/icons'
import { errorText } from '../api.js'
import { useSecondsLeft } from './useSecondsLeft.js'
import './email.css'

export type EmailFormProps = {
  /** Accessible name of the field. */
  label: string
  /** `inline`: an arrow button inside the field (the Connect view); `block`: a full-width button below it. */
  layout?: 'inline' | 'block'
  /** The button's text (`block`) or accessible name (`inline`). */
  submitLabel: string
  /** Said while `onSubmit` runs (the spinner's label). */
  pendingLabel: string
  /** A further check after the address is valid; a returned sentence is shown instead of submitting. */
  check?: (email: string) => string | undefined
  /** Ms epoch before which no code may be asked for; inside it the form counts down instead of submitting. */
  cooldownUntil?: () => number
  /** Runs with the valid, trimmed address; a rejection's message is shown under the field. */
  onSubmit: (email: string) => Promise<void>
  initialValue?: string
  autoFocus?: boolean
  children?: ReactNode
}

/**
 * The contracts' zod email schema, loaded when the visitor first focuses or submits the field: zod is most of this
 * plugin's weight, and the Connect view shows the field on the first open.
 */
const loadEmailSchema = () => import('@portico/contracts/schemas').then((m) => m.EmailSchema)

/**
 * An email field and its submit button (`email-input`, `email-submit`): validated with the contracts' zod email
 * schema, submitted with Enter, a spinner while it waits, and every problem ("Invalid email", the cooldown, the
 * frame's error) said under the field and tied to it by `aria-describedby`. What was typed stays on error.
 */
export function EmailForm({ label, layout = 'inline', submitLabel, pendingLabel, check, cooldownUntil, onSubmit, initialValue = '', autoFocus, children }: EmailFormProps) {
  const t = useTranslate()
  const [value, setValue] = useState(initialValue)
  const [error, setError] = useState('')
  const [pending, setPending] = useState(false)
  const [blockedUntil, setBlockedUntil] = useState(0)
  const cooldown = useSecondsLeft(blockedUntil)
  const messageId = useId()

  const message = cooldown > 0 ? t('email.cooldown', { count: cooldown }) : error

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    const email = value.trim()
    let valid: boolean
    try {
      valid = (await loadEmailSchema()).safeParse(email).success
    } catch {
      return setError(t('email.failed'))
    }
    if (!valid) return setError(t('email.invalid'))
    const problem = check?.(email)
    if (problem) return setError(problem)
    const until = cooldownUntil?.() ?? 0
    if (until > Date.now()) {
      setError('')
      return setBlockedUntil(until)
    }
    setError('')
    setPending(true)
    try {
      await onSubmit(email)
    } catch (reason) {
      // the wallet's cooldown refusal: counted down here (translated) rather than its fixed sentence left standing
      const next = cooldownUntil?.() ?? 0
      if (next > Date.now() && /try again after/i.test(errorText(reason, ''))) setBlockedUntil(next)
      else setError(errorText(reason, t('email.failed')))
    } finally {
      setPending(false)
    }
  }

  const input = (
    <input
      type="email"
      data-testid="email-input"
      className="portico-email-field__input"
      aria-label={label}
      placeholder={t('email.placeholder')}
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      // an address reads left to right; an empty field follows the placeholder's script
      dir="auto"
      autoFocus={autoFocus}
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={message ? messageId : undefined}
      onChange={(e) => {
        // the validator arrives while the visitor types (not on focus: the modal focuses this field as it opens,
        // and its download would compete with the first frame)
        void loadEmailSchema().catch(() => undefined)
        setValue(e.currentTarget.value)
        if (error) setError('')
      }}
    />
  )

  return (
    <form className="portico-email-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={pending || undefined}>
      {layout === 'inline' ? (
        <div className="portico-email-field portico-email-field--inline">
          {input}
          <button type="submit" data-testid="email-submit" className="portico-email-field__submit" aria-label={submitLabel} title={submitLabel} disabled={pending}>
            {pending ? <Spinner size={16} label={pendingLabel} /> : <ChevronRightIcon size={18} />}
          </button>
        </div>
      ) : (
        <div className="portico-email-field">{input}</div>
      )}
      {message && (
        <Text as="p" variant="small" tone="error" id={messageId} role="alert" data-testid="email-error" className="portico-email-form__message">
          {message}
        </Text>
      )}
      {children}
      {layout === 'block' && (
        <Button type="submit" variant="primary" size="lg" fullWidth data-testid="email-submit" loading={pending} aria-label={pending ? pendingLabel : undefined}>
          {submitLabel}
        </Button>
      )}
    </form>
  )
}
