import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit'
import type { LazyLoadedSlices } from '@portico/contracts/plugin'
import { chainsSlice } from './chainsSlice.js'
import { connectionSlice } from './connectionSlice.js'
import { connectorsSlice } from './connectorsSlice.js'
import { modalSlice } from './modalSlice.js'
import { notificationsSlice } from './notificationsSlice.js'
import { optionsSlice } from './optionsSlice.js'
import { pluginsSlice } from './pluginsSlice.js'
import { routerSlice } from './routerSlice.js'
import { localeSlice } from './localeSlice.js'
import { themeSlice } from './themeSlice.js'

/** Kernel slices; plugins inject theirs at runtime under their own name. One per store, so kernels stay apart. */
export const createRootReducer = () =>
  combineSlices(
  modalSlice,
  routerSlice,
  chainsSlice,
  connectorsSlice,
  connectionSlice,
  optionsSlice,
  themeSlice,
  localeSlice,
  notificationsSlice,
  pluginsSlice,
).withLazyLoadedSlices<LazyLoadedSlices>()

export type RootReducer = ReturnType<typeof createRootReducer>
export type RootState = ReturnType<RootReducer>

/** Creates the kernel's store with the listener middleware that side effects go through. */
export function createPorticoStore() {
  const listener = createListenerMiddleware()
  const rootReducer = createRootReducer()
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault({ serializableCheck: false }).prepend(listener.middleware),
    devTools: false,
  })
  return { store, listener, rootReducer }
}

export type PorticoStore = ReturnType<typeof createPorticoStore>['store']
export type AppDispatch = PorticoStore['dispatch']
