import type { Kernel } from '@portico/kernel'
import type { SiwxController } from './controller.js'
import { SiwxNotEnabledError } from './errors.js'

declare module '@portico/contracts/plugin' {
  interface ExtensionPoints {
    /** The sign-in API, contributed by the siwx plugin when the host enabled sign-in (one item). */
    'siwx/api': SiwxController
  }
}

/** What a host calls: the controller with the kernel's own signing and disconnecting filled in. */
export type SiwxApi = Omit<SiwxController, 'signIn' | 'cancel' | 'oneClickRequest' | 'oneClickSession'> & {
  /** Opens nothing: asks the wallet to sign in the active account now. */
  signIn: () => ReturnType<SiwxController['signIn']>
}

/**
 * The sign-in API of a kernel; throws "SIWX is not enabled" when the host gave neither `siwx` nor `siweConfig`
 * (or the plugin is not set up).
 *
 * @example
 * const sessions = await getSiwx(kernel).getSessions()
 */
export function getSiwx(kernel: Pick<Kernel, 'extensions' | 'signMessage'>): SiwxApi {
  const controller = kernel.extensions.read('siwx/api')[0]
  if (!controller) throw new SiwxNotEnabledError()
  return {
    getSessions: controller.getSessions,
    signOut: controller.signOut,
    check: controller.check,
    isRequired: controller.isRequired,
    signIn: () => controller.signIn((message) => kernel.signMessage(message)),
  }
}

/** Whether the kernel has sign-in enabled. */
export const isSiwxEnabled = (kernel: Pick<Kernel, 'extensions'>) => kernel.extensions.read('siwx/api').length > 0
