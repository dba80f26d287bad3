import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export type PluginStatus = {
  status: 'loading' | 'ready' | 'failed'
  version?: string
  source: 'bundled' | 'remote'
  error?: string
  errorCode?: string
}

export type PluginsState = { byName: Record<string, PluginStatus> }

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
