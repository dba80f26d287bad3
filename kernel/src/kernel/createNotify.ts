import type { ToastVariant } from '@portico/contracts/plugin'
import { TOAST_REPLACE_DELAY_MS } from '@portico/contracts/spec'
import { notificationsSlice, type PorticoStore } from '../store/index.js'
import type { KernelNotify } from './types.js'

export { TOAST_REPLACE_DELAY_MS }
/** How long a success or error toast stays (a loading toast stays until replaced). */
export const TOAST_AUTO_HIDE_MS = 2500

export type Timers = { later: (ms: number, fn: () => void) => ReturnType<typeof setTimeout>; cancel: (t: ReturnType<typeof setTimeout> | undefined) => void }

/** Toasts (a new one while one is open replaces it after 150 ms), the alert, and the debug-only notification. */
export function createNotify(store: PorticoStore, timers: Timers, debug: boolean): KernelNotify {
  let toastTimer: ReturnType<typeof setTimeout> | undefined
  // the auto-hide of the shown toast: time left, when it was last started, and whether it is paused
  let autoHide: { remaining: number; startedAt: number; paused: boolean } | undefined
  const stopTimer = () => (timers.cancel(toastTimer), (toastTimer = undefined), (autoHide = undefined))
  const startAutoHide = (ms: number) => {
    autoHide = { remaining: ms, startedAt: Date.now(), paused: false }
    toastTimer = timers.later(ms, () => {
      toastTimer = undefined
      autoHide = undefined
      store.dispatch(notificationsSlice.actions.toastHidden())
    })
  }
  const showToast = (message: string, variant: ToastVariant) => {
    store.dispatch(notificationsSlice.actions.toastShown({ message, variant }))
    if (variant !== 'loading') startAutoHide(TOAST_AUTO_HIDE_MS)
  }
  return {
    toast(message, variant) {
      stopTimer()
      if (store.getState().notifications.toast.open) {
        store.dispatch(notificationsSlice.actions.toastHidden())
        toastTimer = timers.later(TOAST_REPLACE_DELAY_MS, () => showToast(message, variant))
      } else showToast(message, variant)
    },
    hideToast() {
      stopTimer()
      store.dispatch(notificationsSlice.actions.toastHidden())
    },
    pauseToast() {
      if (!autoHide || autoHide.paused) return
      const remaining = Math.max(0, autoHide.remaining - (Date.now() - autoHide.startedAt))
      timers.cancel(toastTimer)
      toastTimer = undefined
      autoHide = { remaining, startedAt: Date.now(), paused: true }
    },
    resumeToast() {
      if (!autoHide?.paused) return
      startAutoHide(autoHide.remaining)
    },
    alert: (a) => store.dispatch(notificationsSlice.actions.alertShown(a)),
    hideAlert: () => store.dispatch(notificationsSlice.actions.alertHidden()),
    notification(message, variant) {
      if (!debug) return
      store.dispatch(notificationsSlice.actions.notificationShown({ message, ...(variant ? { variant } : {}) }))
    },
    closeNotification: () => store.dispatch(notificationsSlice.actions.notificationClosed()),
  }
}
