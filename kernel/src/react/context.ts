import { createContext } from 'react'
import type { ReactReduxContextValue } from 'react-redux'
import type { Kernel } from '../kernel/types.js'

/** The kernel the surrounding {@link PorticoProvider} holds. */
export const KernelContext = createContext<Kernel | null>(null)
KernelContext.displayName = 'PorticoKernel'

/**
 * Portico's own react-redux context. The kernel store is provided through it rather than react-redux's default
 * context, so a host app that uses Redux itself keeps its own store inside `<PorticoProvider>`.
 */
export const PorticoReduxContext = createContext<ReactReduxContextValue | null>(null)
PorticoReduxContext.displayName = 'PorticoStore'
