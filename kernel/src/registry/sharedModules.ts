import { KERNEL_VERSION } from '../version.js'
import type { SharedModule } from './loadRemote.js'

const lazy = (version: string, load: () => Promise<unknown>): SharedModule => ({ version, get: () => load().then((m) => () => m) })

/**
 * The modules the host shares with remote plugins as singletons: what holds state a plugin must share with the
 * host (React, and the kernel with its store contexts and hooks). Each loads when a remote first asks for it, so a
 * namespace the host page does not use whole never weighs on its first load.
 */
export function hostSharedModules(): Record<string, SharedModule> {
  return {
    react: lazy('19.3.1', () => import('react')),
    'react/jsx-runtime': lazy('19.3.1', () => import('react/jsx-runtime')),
    'react-dom': lazy('19.3.1', () => import('react-dom')),
    '@portico/kernel': lazy(KERNEL_VERSION, () => import('../exports/index.js')),
    '@portico/kernel/icons': lazy(KERNEL_VERSION, () => import('../exports/icons.js')),
  }
}
