import { cx } from './classNames.js'

export type SpinnerProps = {
  /** Diameter in px. */
  size?: number
  /** Announced to assistive technology; without it the spinner is decorative. */
  label?: string
  className?: string
}

/**
 * A circular loading indicator.
 *
 * @example
 * <Spinner label="Waiting for signature" />
 */
export function Spinner({ size = 20, label, className }: SpinnerProps) {
  return (
    <span
      className={cx('portico-spinner', className)}
      style={{ width: size, height: size }}
      {...(label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
    />
  )
}
