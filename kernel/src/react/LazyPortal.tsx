import { lazy, Suspense, useState } from 'react'
import { usePorticoSelector } from './hooks.js'

// the shell (dialog, header, outlet, toasts) is fetched the first time something must show, not with the page
const Portal = lazy(() => import('./modal/Modal.js').then((m) => ({ default: m.PorticoPortal })))

/** Mounts the modal shell once the modal, a toast or a notification first needs to show; it stays mounted after. */
export function LazyPortal() {
  const needed = usePorticoSelector(
    (s) => s.modal.open || s.notifications.toast.open || s.notifications.notification.open || s.notifications.alert.open,
  )
  const [active, setActive] = useState(false)
  if (needed && !active) setActive(true)
  if (!active && !needed) return null
  return (
    <Suspense fallback={null}>
      <Portal />
    </Suspense>
  )
}
