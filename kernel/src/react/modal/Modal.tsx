import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useKernel, usePorticoSelector } from '../hooks.js'
import { cx } from '../ui/classNames.js'
import { ModalCardContent } from './ModalCard.js'
import { DebugNotification, Toast } from './Notices.js'
import { useThemeAttributes } from './theme.js'
import { useFocusTrap } from './useFocusTrap.js'

/** How long the card takes to animate out before it unmounts. */
export const MODAL_EXIT_MS = 150

type Phase = 'closed' | 'open' | 'closing'

/** `open` while the modal is open, `closing` for the exit animation, then `closed`. */
function usePhase(open: boolean): Phase {
  const [phase, setPhase] = useState<Phase>(open ? 'open' : 'closed')
  if (open && phase !== 'open') setPhase('open')
  if (!open && phase === 'open') setPhase('closing')
  useEffect(() => {
    if (phase !== 'closing') return
    const id = setTimeout(() => setPhase('closed'), MODAL_EXIT_MS)
    return () => clearTimeout(id)
  }, [phase])
  return phase
}

/**
 * A container on `document.body`, created the first time it is needed (never at import) and removed on unmount.
 * Created before the browser paints (a layout effect), so what goes in it shows in the same frame, not the next.
 */
function usePortalContainer(needed: boolean): HTMLElement | null {
  const [container, setContainer] = useState<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (!needed || container) return
    const el = document.createElement('div')
    el.setAttribute('data-portico-portal', '')
    document.body.appendChild(el)
    setContainer(el)
  }, [needed, container])
  useEffect(() => () => container?.remove(), [container])
  return container
}

/**
 * How long the card waits for its first view before it shows with its loading state instead. The backdrop shows
 * at once; a first view that is ready sooner (plugins in the page, or preloaded) comes with the card in one frame,
 * with no spinner drawn and laid out for a moment before it.
 */
export const FIRST_VIEW_GRACE_MS = 400

/** Whether the card shows: once the router has its first view, or the grace is over; then for good. */
function useCardShown(): boolean {
  const hasView = usePorticoSelector((s) => s.router.history.length > 0)
  const [waited, setWaited] = useState(false)
  useEffect(() => {
    if (hasView || waited) return
    const id = setTimeout(() => setWaited(true), FIRST_VIEW_GRACE_MS)
    return () => clearTimeout(id)
  }, [hasView, waited])
  const [shown, setShown] = useState(hasView)
  if ((hasView || waited) && !shown) setShown(true)
  return shown || hasView
}

/** The dialog: backdrop, card with focus trap, Escape and backdrop click closing through `kernel.close()`. */
function Dialog({ phase }: { phase: Exclude<Phase, 'closed'> }) {
  const kernel = useKernel()
  const shake = usePorticoSelector((s) => s.modal.shake)
  const titleId = useId()
  const card = useRef<HTMLDivElement>(null)
  const cardShown = useCardShown()
  useFocusTrap(card, phase === 'open' && cardShown, () => kernel.close())

  useEffect(() => {
    if (phase !== 'open') return
    const body = card.current?.ownerDocument.body
    if (!body) return
    const previous = body.style.overflow
    body.style.overflow = 'hidden'
    return () => {
      body.style.overflow = previous
    }
  }, [phase])

  return (
    <div className="portico-overlay" data-state={phase}>
      <div className="portico-backdrop" data-testid="modal-backdrop" aria-hidden="true" onClick={() => kernel.close()} />
      {cardShown && (
        <div
          ref={card}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          data-testid="portico-modal"
          data-shake={shake || undefined}
          className={cx('portico-card', shake && 'portico-card--shake')}
        >
          <ModalCardContent titleId={titleId} />
        </div>
      )}
    </div>
  )
}

/**
 * Everything the provider renders into its portal: the dialog while open (not in embedded mode), toasts while
 * the dialog is closed, and debug notifications.
 */
export function PorticoPortal() {
  const open = usePorticoSelector((s) => s.modal.open)
  const embedded = usePorticoSelector((s) => s.options.embedded)
  const toastOpen = usePorticoSelector((s) => s.notifications.toast.open)
  const notificationOpen = usePorticoSelector((s) => s.notifications.notification.open)
  const phase = usePhase(open && !embedded)
  const theme = useThemeAttributes()
  const floatingToast = toastOpen && phase === 'closed' && !embedded
  const container = usePortalContainer(phase !== 'closed' || floatingToast || notificationOpen)
  if (!container) return null
  return createPortal(
    <div className="portico-root portico-layer" {...theme}>
      {phase !== 'closed' && <Dialog phase={phase} />}
      {/* kept while the dialog is closed, so its live region is there before a toast arrives */}
      {phase === 'closed' && !embedded && <Toast placement="floating" />}
      <DebugNotification />
    </div>,
    container,
  )
}
