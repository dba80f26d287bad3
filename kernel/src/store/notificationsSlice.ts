import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { NotificationsState, NotificationVariant } from '@portico/contracts/plugin'
import type { ToastVariant } from '@portico/contracts/plugin'

export type { NotificationsState, NotificationVariant }

const initialState: NotificationsState = {
  toast: { open: false, message: '', variant: 'success' },
  alert: { open: false, title: '', message: '' },
  notification: { open: false, message: '', variant: 'info' },
}

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    toastShown(state, action: PayloadAction<{ message: string; variant: ToastVariant }>) {
      state.toast = { open: true, ...action.payload }
    },
    toastHidden(state) {
      state.toast.open = false
    },
    alertShown(state, action: PayloadAction<{ title: string; message: string }>) {
      state.alert = { open: true, ...action.payload }
    },
    alertHidden(state) {
      state.alert.open = false
    },
    notificationShown(state, action: PayloadAction<{ message: string; variant?: NotificationVariant }>) {
      state.notification = { open: true, message: action.payload.message, variant: action.payload.variant ?? 'info' }
    },
    /** Closing resets message, variant (info) and open. */
    notificationClosed(state) {
      state.notification = { open: false, message: '', variant: 'info' }
    },
  },
})
