import { useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react'
import { useTranslate } from '@portico/kernel'

export type OtpInputHandle = {
  /** Focuses the digit at `index` (default the first) and selects it, so the next key replaces it. */
  focus: (index?: number) => void
}

export type OtpInputProps = {
  /** One string per digit, `''` where none is typed yet. */
  digits: readonly string[]
  onChange: (digits: string[]) => void
  /** Accessible name of the group. */
  label: string
  /** Keeps focus and the typed digits but takes no input (while a code is checked). */
  readOnly?: boolean
  invalid?: boolean
  /** Id of the text that explains the group's state (an error). */
  describedBy?: string
  ref?: Ref<OtpInputHandle>
}

const onlyDigits = (text: string) => text.replace(/\D/g, '')

/**
 * A one-time code as single-digit inputs in a labelled group (`otp-input`): typing advances, Backspace goes back,
 * arrow keys, Home and End move, and a pasted or autofilled code (`autocomplete="one-time-code"` on the first)
 * fills every digit at once. Always left to right: a code reads the same in every script.
 */
export function OtpInput({ digits, onChange, label, readOnly, invalid, describedBy, ref }: OtpInputProps) {
  const t = useTranslate()
  const inputs = useRef<(HTMLInputElement | null)[]>([])
  const length = digits.length

  const focus = (index: number) => {
    const input = inputs.current[Math.max(0, Math.min(length - 1, index))]
    input?.focus()
    input?.select()
  }
  useImperativeHandle(ref, () => ({ focus: (index = 0) => focus(index) }))

  /** Writes `chars` from `start` on and moves to the digit after the last one written. */
  const fill = (start: number, chars: string) => {
    const next = [...digits]
    const written = chars.slice(0, length - start)
    for (let k = 0; k < written.length; k++) next[start + k] = written[k]!
    onChange(next)
    focus(start + written.length)
  }

  const change = (index: number, raw: string) => {
    if (readOnly) return
    const chars = onlyDigits(raw)
    if (!raw) {
      const next = [...digits]
      next[index] = ''
      return onChange(next)
    }
    if (!chars) return // a letter: the digit stays as it was
    const previous = digits[index]
    // typed next to a digit already there (the caret was not on it): keep the new one only
    if (chars.length === 2 && previous && chars.includes(previous)) return fill(index, chars[0] === previous ? chars[1]! : chars[0]!)
    fill(index, chars)
  }

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    if (readOnly) return
    const chars = onlyDigits(event.clipboardData.getData('text'))
    if (!chars) return
    // a whole code replaces whatever was typed, wherever it is pasted
    fill(chars.length >= length ? 0 : index, chars)
  }

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const move = (to: number) => {
      event.preventDefault()
      focus(to)
    }
    switch (event.key) {
      case 'Backspace': {
        event.preventDefault()
        if (readOnly) return
        const next = [...digits]
        if (digits[index]) next[index] = ''
        else if (index > 0) {
          next[index - 1] = ''
          focus(index - 1)
        }
        return onChange(next)
      }
      case 'Delete': {
        event.preventDefault()
        if (readOnly) return
        const next = [...digits]
        next[index] = ''
        return onChange(next)
      }
      case 'ArrowLeft':
        return move(index - 1)
      case 'ArrowRight':
        return move(index + 1)
      case 'Home':
        return move(0)
      case 'End':
        return move(length - 1)
    }
  }

  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      data-testid="otp-input"
      className="portico-otp"
      dir="ltr"
      data-invalid={invalid || undefined}
    >
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            inputs.current[index] = el
          }}
          className="portico-otp__digit"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('email.otp.digit', { index: index + 1, total: length })}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          readOnly={readOnly}
          value={digit}
          onChange={(e) => change(index, e.currentTarget.value)}
          onPaste={(e) => paste(index, e)}
          onKeyDown={(e) => keyDown(index, e)}
          onFocus={(e) => e.currentTarget.select()}
        />
      ))}
    </div>
  )
}
