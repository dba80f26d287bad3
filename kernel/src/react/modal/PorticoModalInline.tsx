import { useEffect, useId } from 'react'
import { useKernel, usePorticoSelector } from '../hooks.js'
import { cx } from '../ui/classNames.js'
import { ModalCardContent } from './ModalCard.js'
import { useThemeAttributes } from './theme.js'

export type PorticoModalInlineProps = { className?: string }

/**
 * The modal's card rendered in place, for embedded mode (`embedded: true`): no backdrop, no portal, no focus
 * trap. It opens the kernel on mount when no view is showing yet.
 *
 * @example
 * <PorticoProvider kernel={kernel}><aside><PorticoModalInline /></aside></PorticoProvider>
 */
export function PorticoModalInline({ className }: PorticoModalInlineProps) {
  const kernel = useKernel()
  const empty = usePorticoSelector((s) => s.router.history.length === 0)
  const shake = usePorticoSelector((s) => s.modal.shake)
  const theme = useThemeAttributes()
  const titleId = useId()
  useEffect(() => {
    if (empty) void kernel.open()
  }, [kernel, empty])
  return (
    <div className={cx('portico-root', className)} {...theme}>
      <section
        aria-labelledby={titleId}
        data-testid="portico-modal"
        data-shake={shake || undefined}
        className={cx('portico-card', 'portico-card--inline', shake && 'portico-card--shake')}
      >
        <ModalCardContent titleId={titleId} />
      </section>
    </div>
  )
}
