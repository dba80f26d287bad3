import * as react from 'react'
import * as reactDom from 'react-dom'
import * as jsxRuntime from 'react/jsx-runtime'
import * as kernelIcons from '../exports/icons.js'
import * as kernelExports from '../exports/index.js'
import { KERNEL_VERSION } from '../version.js'
import type { SharedModule } from './loadRemote.js'

const ready = (version: string, module: unknown): SharedModule => ({ version, get: () => Promise.resolve(() => module) })

/**
 * The modules the host shares with remote plugins as singletons: what holds state a plugin must share with the
 * host (React, and the kernel with its store contexts and hooks). They are in this chunk, which loads with the
 * first remote: the page already holds React and most of the kernel, and a remote asking for one must not wait for
 * another round trip on the first open.
 */
export function hostSharedModules(): Record<string, SharedModule> {
  return {
    react: ready('19.3.1', react),
    'react/jsx-runtime': ready('19.3.1', jsxRuntime),
    'react-dom': ready('19.3.1', reactDom),
    '@portico/kernel': ready(KERNEL_VERSION, kernelExports),
    '@portico/kernel/icons': ready(KERNEL_VERSION, kernelIcons),
  }
}
