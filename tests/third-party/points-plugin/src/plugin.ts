import { definePlugin } from '@portico/contracts/plugin'
import { createSlice, type PayloadAction } from '@portico/kernel'
import type {} from '@portico/plugin-account' // the 'account/tabs' extension point
import type {} from '@portico/plugin-connect' // the 'connect/methods' extension point

export type PointsState = { balance: number }

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    points: PointsState
  }
}

export const pointsSlice = createSlice({
  name: 'points',
  initialState: { balance: 0 } as PointsState,
  reducers: { earned: (state, action: PayloadAction<number>) => void (state.balance += action.payload) },
})

/** Points: an Account tab showing the visitor's points, and a "passkey" method on the Connect view. */
export default function points(options: { label?: string } = {}) {
  return definePlugin({
    name: 'points',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    activation: 'open',
    setup(ctx) {
      ctx.store.inject(pointsSlice)
      ctx.extensions.contribute('account/tabs', {
        items: [{ id: 'points', label: options.label ?? 'Points', load: () => import('./PointsTab.js') }],
      })
      ctx.extensions.contribute('connect/methods', { items: [{ id: 'passkey', load: () => import('./PasskeyMethod.js') }] })
      ctx.hooks.afterConnect.tapPromise(async () => void ctx.store.dispatch(pointsSlice.actions.earned(10)))
    },
  })
}
