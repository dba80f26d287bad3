import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react'
import { cx } from './classNames.js'
import { Spinner } from './Spinner.js'

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger'
  size?: 'sm' | 'md' | 'lg'
  fullWidth?: boolean
  /** Shows a spinner and disables the button. */
  loading?: boolean
  /** Leading icon. */
  icon?: ReactNode
  ref?: Ref<HTMLButtonElement>
}

/**
 * The kit's button; `type="button"` unless told otherwise.
 *
 * @example
 * <Button variant="primary" fullWidth onClick={retry}>Try again</Button>
 */
export function Button({
  variant = 'secondary',
  size = 'md',
  fullWidth,
  loading,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx('portico-button', `portico-button--${variant}`, `portico-button--${size}`, fullWidth && 'portico-button--full', className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={16} /> : icon}
      {children !== undefined && <span className="portico-button__label">{children}</span>}
    </button>
  )
}

export type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Accessible name; icon buttons have no visible text. */
  label: string
  children: ReactNode
  ref?: Ref<HTMLButtonElement>
}

/** A round button holding only an icon, named by `label`. */
export function IconButton({ label, children, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button type={type} aria-label={label} title={label} className={cx('portico-icon-button', className)} {...rest}>
      {children}
    </button>
  )
}

export type TileButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  icon: ReactNode
  label: ReactNode
  ref?: Ref<HTMLButtonElement>
}

/**
 * A square-ish button with an icon above a short label, laid out in a row with others (`<TileRow>`).
 *
 * @example
 * <TileRow><TileButton icon={<ArrowUpIcon />} label="Send" onClick={send} /></TileRow>
 */
export function TileButton({ icon, label, className, type = 'button', ...rest }: TileButtonProps) {
  return (
    <button type={type} className={cx('portico-tile', className)} {...rest}>
      <span className="portico-tile__icon">{icon}</span>
      <span className="portico-tile__label">{label}</span>
    </button>
  )
}

/** A row of {@link TileButton}s sharing the width equally. */
export function TileRow({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="portico-tile-row" role="group" aria-label={label}>
      {children}
    </div>
  )
}
