import type { HTMLAttributes, KeyboardEvent } from 'react'
import { cx } from './classNames.js'

const ITEM = '[data-list-item]:not(:disabled)'

/**
 * Moves focus between the `[data-list-item]` buttons inside the element with ArrowUp/ArrowDown, Home and End;
 * put it on a container spanning several lists to move across all of them.
 */
export function onListKeyDown(event: KeyboardEvent<HTMLElement>): void {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(ITEM))
  if (items.length === 0) return
  const index = items.indexOf(event.target as HTMLElement)
  if (index === -1 && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) return
  let next: number
  if (event.key === 'Home') next = 0
  else if (event.key === 'End') next = items.length - 1
  else if (event.key === 'ArrowDown') next = Math.min(items.length - 1, index + 1)
  else next = Math.max(0, index - 1)
  event.preventDefault()
  items[next]?.focus()
}

export type ListProps = HTMLAttributes<HTMLDivElement> & { label?: string }

/** A vertical stack of {@link ListItem}s with arrow-key navigation; `label` names the group for screen readers. */
export function List({ label, className, onKeyDown, ...rest }: ListProps) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cx('portico-list', className)}
      onKeyDown={(e) => {
        onKeyDown?.(e)
        if (!e.defaultPrevented) onListKeyDown(e)
      }}
      {...rest}
    />
  )
}
