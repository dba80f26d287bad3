import type { HTMLAttributes, ReactNode } from 'react'
import { cx } from './classNames.js'

export type StackProps = HTMLAttributes<HTMLDivElement> & {
  /** Spacing step between children (`--portico-space-<gap>`). */
  gap?: 1 | 2 | 3 | 4 | 5 | 6 | 8
  align?: 'stretch' | 'center'
}

/**
 * A vertical flex column with a spacing step from the theme.
 *
 * @example
 * <Stack gap={4} align="center">...</Stack>
 */
export function Stack({ gap = 3, align = 'stretch', className, style, ...rest }: StackProps) {
  return (
    <div
      className={cx('portico-stack', align === 'center' && 'portico-stack--center', className)}
      style={{ gap: `var(--portico-space-${gap})`, ...style }}
      {...rest}
    />
  )
}

/** A small uppercase heading above a group of items. */
export function SectionLabel({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p className="portico-section-label" id={id}>
      {children}
    </p>
  )
}
