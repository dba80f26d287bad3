import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { FRAME_ERROR_MESSAGES } from '@portico/contracts/spec'
import { Button, Spinner, Stack, Text, useKernel, useTranslate } from '@portico/kernel'
import { errorText } from '../api.js'
import { MailIcon } from './MailIcon.js'
import { OtpInput, type OtpInputHandle } from './OtpInput.js'
import { useSecondsLeft } from './useSecondsLeft.js'
import './email.css'

/** Digits in a code (the frame mails six). */
export const OTP_LENGTH = 6

const empty = () => Array.from({ length: OTP_LENGTH }, () => '')

export type OtpFormProps = {
  /** What the visitor is asked for ("We sent a 6-digit code to …"). */
  description: ReactNode
  /** Checks the code; a rejection's message is shown, the digits cleared and the modal shaken. */
  verify: (code: string) => Promise<void>
  /** Mails a new code; without it there is no resend button. Resolves to a sentence said after it succeeded. */
  resend?: () => Promise<string | undefined>
  /** Ms epoch before which no new code may be asked for (the resend button counts down to it). */
  cooldownUntil?: () => number
}

/**
 * The one form behind every code view (login, update email to the current and to the new address): six digits
 * (`otp-input`) checked as soon as the last is typed, a spinner while the code is checked, the error said under
 * them (`otp-error`) with the digits cleared and focused and the modal shaken, and a resend button (`otp-resend`)
 * that counts down the cooldown.
 */
export function OtpForm({ description, verify, resend, cooldownUntil }: OtpFormProps) {
  const kernel = useKernel()
  const t = useTranslate()
  const [digits, setDigits] = useState<string[]>(empty)
  const [verifying, setVerifying] = useState(false)
  const [resending, setResending] = useState(false)
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  // the code that could not be checked (the sign-in service was unreachable): kept, to be tried again as it is
  const [unchecked, setUnchecked] = useState('')
  const [until, setUntil] = useState(() => cooldownUntil?.() ?? 0)
  const secondsLeft = useSecondsLeft(until)
  const busy = useRef(false)
  const input = useRef<OtpInputHandle>(null)
  const errorId = useId()

  // the code is what the visitor came here to type: focus it (the view outlet leaves a focus a view has taken)
  useEffect(() => input.current?.focus(0), [])

  const check = async (code: string) => {
    if (busy.current) return
    busy.current = true
    setVerifying(true)
    setError('')
    setNotice('')
    setUnchecked('')
    try {
      await verify(code)
    } catch (reason) {
      const message = errorText(reason, t('email.otp.wrong'))
      setError(message)
      if (message === FRAME_ERROR_MESSAGES.unreachable) {
        // nothing was checked: the code stays, with a button to try it again once the service is back
        setUnchecked(code)
        return
      }
      setDigits(empty())
      kernel.shake()
      // after React has re-rendered the cleared, editable digits
      queueMicrotask(() => input.current?.focus(0))
    } finally {
      busy.current = false
      setVerifying(false)
    }
  }

  const change = (next: string[]) => {
    setDigits(next)
    if (error) setError('')
    setUnchecked('')
    if (next.every(Boolean)) void check(next.join(''))
  }

  const askAgain = async () => {
    if (!resend || resending) return
    setResending(true)
    setError('')
    setNotice('')
    try {
      const said = await resend()
      if (said) setNotice(said)
      setDigits(empty())
      input.current?.focus(0)
    } catch (reason) {
      setError(errorText(reason, t('email.failed')))
    } finally {
      setResending(false)
      setUntil(cooldownUntil?.() ?? 0)
    }
  }

  return (
    <Stack gap={4} align="center" className="portico-otp-form">
      <span className="portico-email-badge" aria-hidden="true">
        <MailIcon />
      </span>
      <Text as="p" variant="body" align="center" tone="muted">
        {description}
      </Text>
      <OtpInput
        ref={input}
        digits={digits}
        onChange={change}
        label={t('email.otp.label')}
        readOnly={verifying}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
      />
      <div className="portico-otp-form__status" aria-live="polite">
        {verifying ? (
          <span className="portico-otp-form__verifying" data-testid="otp-verifying">
            <Spinner size={16} />
            <Text variant="small" tone="muted">
              {t('email.otp.verifying')}
            </Text>
          </span>
        ) : error ? (
          <Stack gap={2} align="center">
            <Text as="p" variant="small" tone="error" align="center" id={errorId} role="alert" data-testid="otp-error">
              {error}
            </Text>
            {unchecked && (
              <Button variant="secondary" size="sm" data-testid="otp-retry" onClick={() => void check(unchecked)}>
                {t('email.otp.retry')}
              </Button>
            )}
          </Stack>
        ) : notice ? (
          <Text as="p" variant="small" tone="success" align="center" data-testid="otp-notice">
            {notice}
          </Text>
        ) : (
          <Text as="p" variant="small" tone="muted" align="center">
            {t('email.otp.expires')}
          </Text>
        )}
      </div>
      {resend && (
        <Stack gap={1} align="center">
          <Text variant="small" tone="muted">
            {t('email.otp.noReceipt')}
          </Text>
          <Button variant="ghost" size="sm" data-testid="otp-resend" loading={resending} disabled={secondsLeft > 0 || verifying} onClick={() => void askAgain()}>
            {secondsLeft > 0 ? t('email.otp.resendIn', { seconds: secondsLeft }) : t('email.otp.resend')}
          </Button>
        </Stack>
      )}
    </Stack>
  )
}
