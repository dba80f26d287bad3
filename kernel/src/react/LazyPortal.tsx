import { useEffect, useState, type ComponentType } from 'react'
import { usePorticoSelector } from './hooks.js'

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
  if (!want) return null
  const Loaded = Portal?.c ?? shell
  return Loaded ? <Loaded /> : null
}
