import { useEffect, useRef } from 'react'
import { useKernel, usePorticoSelector, useTranslate } from '../hooks.js'
import { Button, IconButton } from '../ui/Button.js'
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon, WarningIcon } from '../ui/icons.js'
import { Spinner } from '../ui/Spinner.js'
import { cx } from '../ui/classNames.js'

/**
 * The toast from `state.notifications.toast`: loading shows a spinner, success a check, error an alert icon.
 * The polite live region is always rendered, so screen readers see the message arrive in it (an error toast
 * is an alert of its own). Hovering or focusing the toast pauses its auto-hide.
 */
export function Toast({ placement }: { placement: 'card' | 'floating' }) {
  const kernel = useKernel()
  const t = useTranslate()
  const toast = usePorticoSelector((s) => s.notifications.toast)
  const held = useRef({ hover: false, focus: false })
  const hold = (reason: 'hover' | 'focus', on: boolean) => {
    const before = held.current.hover || held.current.focus
    held.current = { ...held.current, [reason]: on }
    const after = held.current.hover || held.current.focus
    if (after && !before) kernel.notify.pauseToast()
    else if (!after && before) kernel.notify.resumeToast()
  }
  // a toast that goes away while held must not leave the next one paused
  useEffect(() => {
    if (!toast.open) held.current = { hover: false, focus: false }
  }, [toast.open])
  return (
    <div className="portico-toast-region" role="status" aria-live="polite" aria-atomic="true">
      {toast.open && (
        <div
          className={cx('portico-toast', `portico-toast--${placement}`, `portico-toast--${toast.variant}`)}
          data-testid="toast"
          data-variant={toast.variant}
          {...(toast.variant === 'error' ? { role: 'alert', 'aria-live': 'assertive' as const } : {})}
          onMouseEnter={() => hold('hover', true)}
          onMouseLeave={() => hold('hover', false)}
          onFocus={() => hold('focus', true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hold('focus', false)
          }}
        >
          <span className="portico-toast__icon">
            {toast.variant === 'loading' ? (
              <Spinner size={16} />
            ) : toast.variant === 'success' ? (
              <CheckIcon size={16} />
            ) : (
              <AlertIcon size={16} />
            )}
          </span>
          <span className="portico-toast__message">{t(toast.message)}</span>
        </div>
      )}
    </div>
  )
}

/** The alert from `state.notifications.alert` (configuration problems), with a Dismiss button. */
export function AlertBanner() {
  const kernel = useKernel()
  const t = useTranslate()
  const alert = usePorticoSelector((s) => s.notifications.alert)
  if (!alert.open) return null
  return (
    <div className="portico-alert" role="alert" data-testid="alert">
      <WarningIcon className="portico-alert__icon" size={20} />
      <div className="portico-alert__text">
        <p className="portico-alert__title">{t(alert.title)}</p>
        {alert.message && <p className="portico-alert__message">{t(alert.message)}</p>}
      </div>
      <Button size="sm" variant="ghost" data-testid="alert-dismiss" onClick={() => kernel.notify.hideAlert()}>
        {t('alert.dismiss')}
      </Button>
    </div>
  )
}

/** The debug notification from `state.notifications.notification` (the kernel opens it only in debug mode). */
export function DebugNotification() {
  const kernel = useKernel()
  const t = useTranslate()
  const notification = usePorticoSelector((s) => s.notifications.notification)
  if (!notification.open) return null
  const Icon = notification.variant === 'success' ? CheckIcon : notification.variant === 'info' ? InfoIcon : AlertIcon
  return (
    <div
      className={cx('portico-notification', `portico-notification--${notification.variant}`)}
      data-testid="notification"
      data-variant={notification.variant}
      role={notification.variant === 'error' ? 'alert' : 'status'}
    >
      <Icon size={18} className="portico-notification__icon" />
      <span className="portico-notification__message">{t(notification.message)}</span>
      <IconButton label={t('notification.close')} onClick={() => kernel.notify.closeNotification()}>
        <CloseIcon size={16} />
      </IconButton>
    </div>
  )
}
