import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { PluginStatus, PluginsState } from '@portico/contracts/plugin'

export type { PluginStatus, PluginsState }

export const pluginsSlice = createSlice({
  name: 'plugins',
  initialState: { byName: {} } as PluginsState,
  reducers: {
    pluginLoading(state, action: PayloadAction<{ name: string; source: PluginStatus['source'] }>) {
      state.byName[action.payload.name] = { status: 'loading', source: action.payload.source }
    },
    pluginReady(state, action: PayloadAction<{ name: string; version: string; source: PluginStatus['source'] }>) {
      state.byName[action.payload.name] = { status: 'ready', version: action.payload.version, source: action.payload.source }
    },
    pluginFailed(state, action: PayloadAction<{ name: string; error: string; errorCode?: string; source: PluginStatus['source'] }>) {
      const { name, ...rest } = action.payload
      state.byName[name] = { status: 'failed', ...rest }
    },
  },
})
