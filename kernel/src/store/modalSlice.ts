import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { ModalState } from '@portico/contracts/plugin'
import type { ChainNamespace } from '@portico/contracts/plugin'

export type { ModalState }

const initialState: ModalState = { open: false, loading: false, shake: false, namespace: undefined, loadingNamespaceMap: {} }

export const modalSlice = createSlice({
  name: 'modal',
  initialState,
  reducers: {
    opened(state, action: PayloadAction<{ namespace?: ChainNamespace } | undefined>) {
      state.open = true
      state.namespace = action.payload?.namespace ?? state.namespace
    },
    closed(state) {
      state.open = false
      state.loading = false
    },
    loadingSet(state, action: PayloadAction<{ loading: boolean; namespace?: ChainNamespace }>) {
      const { loading, namespace } = action.payload
      if (namespace) state.loadingNamespaceMap[namespace] = loading
      else state.loading = loading
    },
    shakeSet(state, action: PayloadAction<boolean>) {
      state.shake = action.payload
    },
  },
})
