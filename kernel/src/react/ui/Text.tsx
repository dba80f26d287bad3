import type { ElementType, HTMLAttributes, ReactNode } from 'react'
import { cx } from './classNames.js'

export type TextProps = HTMLAttributes<HTMLElement> & {
  as?: ElementType
  variant?: 'display' | 'title' | 'body' | 'small' | 'tiny'
  tone?: 'default' | 'muted' | 'accent' | 'success' | 'error'
  weight?: 'regular' | 'medium' | 'semibold'
  align?: 'start' | 'center' | 'end'
  /** Cut overflowing text with an ellipsis on one line. */
  truncate?: boolean
  children?: ReactNode
}

/**
 * Text in the kit's type scale.
 *
 * @example
 * <Text variant="small" tone="muted">Scan with your phone</Text>
 */
export function Text({ as: As = 'span', variant = 'body', tone = 'default', weight, align, truncate, className, ...rest }: TextProps) {
  return (
    <As
      className={cx(
        'portico-text',
        `portico-text--${variant}`,
        tone !== 'default' && `portico-text--${tone}`,
        weight && `portico-text--${weight}`,
        align && `portico-text--${align}`,
        truncate && 'portico-text--truncate',
        className,
      )}
      {...rest}
    />
  )
}
