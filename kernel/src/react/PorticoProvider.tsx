import { useEffect, type ReactNode } from 'react'
import { Provider } from 'react-redux'
import type { Kernel } from '../kernel/types.js'
import { KernelContext, PorticoReduxContext } from './context.js'
import { LazyPortal, loadShell } from './LazyPortal.js'

export type PorticoProviderProps = { kernel: Kernel; children?: ReactNode }

/**
 * Makes the kernel available to Portico's hooks and components and renders the modal into a portal on
 * `document.body` (created when first needed, so rendering on the server is safe).
 *
 * @example
 * const kernel = createKernel({ projectId, plugins: [connect(), account()] })
 * root.render(<PorticoProvider kernel={kernel}><App /></PorticoProvider>)
 */
export function PorticoProvider({ kernel, children }: PorticoProviderProps) {
  // `kernel.preload()` (intent on a trigger, or idle) fetches the modal's shell chunk along with the plugins
  useEffect(() => kernel.onPreload(() => void loadShell().catch(() => {})), [kernel])
  return (
    <KernelContext.Provider value={kernel}>
      <Provider store={kernel.store} context={PorticoReduxContext}>
        {children}
        <LazyPortal />
      </Provider>
    </KernelContext.Provider>
  )
}
