import type { ReactNode } from 'react'
import { Text } from './Text.js'
import { cx } from './classNames.js'

export type EmptyStateProps = {
  icon?: ReactNode
  title: ReactNode
  description?: ReactNode
  /** A button (or several) offering the next step. */
  action?: ReactNode
  tone?: 'default' | 'error' | 'warning'
  className?: string
  'data-testid'?: string
}

/**
 * Says why a list or screen is empty and offers the next step.
 *
 * @example
 * <EmptyState icon={<CoinsIcon />} title="No tokens yet" description="Buy or receive tokens to see them here." />
 */
export function EmptyState({ icon, title, description, action, tone = 'default', className, ...rest }: EmptyStateProps) {
  return (
    <div className={cx('portico-empty', `portico-empty--${tone}`, className)} data-testid={rest['data-testid']}>
      {icon && <div className="portico-empty__icon">{icon}</div>}
      <Text as="p" variant="body" weight="semibold" align="center" className="portico-empty__title">
        {title}
      </Text>
      {description && (
        <Text as="p" variant="small" tone="muted" align="center" className="portico-empty__description">
          {description}
        </Text>
      )}
      {action && <div className="portico-empty__action">{action}</div>}
    </div>
  )
}
