import type { ViewEntry, ViewId } from '@portico/contracts/plugin'
import type { KernelHookInstances } from '../hooks/createHooks.js'
import { routerSlice, type PorticoStore } from '../store/index.js'
import type { KernelRouter } from './types.js'

export type RouterDeps = {
  store: PorticoStore
  hooks: KernelHookInstances
  getView: (view: string) => ViewEntry | undefined
  close: () => void
}

/** The view stack (SPEC §2). Going back closes the modal when one view remains or a `closesOnBack` view is in the history. */
export function createRouter({ store, hooks, getView, close }: RouterDeps): KernelRouter {
  const entry = (view: ViewId, data?: unknown) => (data === undefined ? { view } : { view, data })
  const changed = (action: 'push' | 'replace' | 'goBack' | 'reset') =>
    hooks.afterViewChange.call({ view: store.getState().router.history.at(-1)?.view, action })
  return {
    push(view, data) {
      store.dispatch(routerSlice.actions.pushed(entry(view, data)))
      changed('push')
    },
    replace(view, data) {
      store.dispatch(routerSlice.actions.replaced(entry(view, data)))
      changed('replace')
    },
    reset(view, data) {
      store.dispatch(routerSlice.actions.reset(entry(view, data)))
      changed('reset')
    },
    goBack() {
      const { history } = store.getState().router
      if (history.length <= 1 || history.some((h) => getView(h.view)?.closesOnBack)) return close()
      store.dispatch(routerSlice.actions.popped())
      changed('goBack')
    },
    current: () => store.getState().router.history.at(-1),
  }
}
