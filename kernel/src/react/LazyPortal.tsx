import { useEffect, useRef, useState, type ComponentType } from 'react'
import { usePorticoSelector, useTranslate } from './hooks.js'

type Shell = ComponentType
let shell: Shell | undefined
let shellLoad: Promise<Shell> | undefined

/**
 * Fetches the modal shell's chunk (dialog, header, outlet, toasts) once; a failed fetch can be retried. The
 * provider calls it on `kernel.preload()` (intent or idle) so the shell is there before the click.
 */
export function loadShell(): Promise<Shell> {
  return (shellLoad ??= import('./modal/Modal.js').then(
    (m) => (shell = m.PorticoPortal),
    (error: unknown) => {
      shellLoad = undefined
      throw error
    },
  ))
}

/**
 * Mounts the modal shell once the modal, a toast or a notification first needs to show; it stays mounted after.
 * The shell's chunk is fetched the first time something must show (or on preload), not with the page. It is held
 * in state rather than rendered through `lazy()` + `<Suspense>`: React throttles the reveal of a Suspense boundary
 * whose fallback was just committed (~300 ms), which would hold the first open back after the chunk is there.
 */
export function LazyPortal() {
  const needed = usePorticoSelector(
    (s) => s.modal.open || s.notifications.toast.open || s.notifications.notification.open || s.notifications.alert.open,
  )
  const [active, setActive] = useState(false)
  if (needed && !active) setActive(true)
  const [Portal, setPortal] = useState<{ c: Shell } | undefined>(() => (shell ? { c: shell } : undefined))
  const want = active || needed
  useEffect(() => {
    if (!want || Portal) return
    let live = true
    loadShell().then(
      (c) => live && setPortal({ c }),
      // eslint-disable-next-line no-console
      (error: unknown) => console.error('[portico] the modal could not be loaded:', error),
    )
    return () => {
      live = false
    }
  }, [want, Portal])
  const Loaded = want ? (Portal?.c ?? shell) : undefined
  // Whether the shell was on the page before this render: its own toast region then exists ahead of the text.
  const mounted = useRef(false)
  useEffect(() => {
    if (Loaded) mounted.current = true
  }, [Loaded])
  return (
    <>
      <ToastAnnouncer active={!mounted.current} />
      {Loaded ? <Loaded /> : null}
    </>
  )
}

/**
 * Live regions on the page from the first render, for the toast that mounts the shell: a region inserted together
 * with its text is not read by screen readers, so that first toast is said here (politely, or assertively for an
 * error) and the shell's own toast region, which exists from then on, says the next ones.
 */
function ToastAnnouncer({ active }: { active: boolean }) {
  const t = useTranslate()
  const toast = usePorticoSelector((s) => s.notifications.toast)
  const text = active && toast.open ? t(toast.message) : ''
  const error = toast.variant === 'error'
  return (
    <>
      {/* plain live regions, no roles: empty status and alert landmarks would only be noise on the page */}
      <div className="portico-visually-hidden" aria-live="polite" aria-atomic="true" data-testid="toast-announcer">
        {error ? '' : text}
      </div>
      <div className="portico-visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="toast-announcer-alert">
        {error ? text : ''}
      </div>
    </>
  )
}
