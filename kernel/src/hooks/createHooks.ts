import { AsyncSeriesHook, SyncBailHook, SyncHook, SyncWaterfallHook } from '@rspack/lite-tapable'
import { KERNEL_HOOK_KINDS, type KernelHooks, type TapOptions } from '@portico/contracts/plugin'

/** A kernel hook as the kernel holds it: it can call, plugins can only tap. */
export type CallableHook = {
  tap(options: { name: string } & TapOptions, fn: (...args: any[]) => any): void
  tapPromise(options: { name: string } & TapOptions, fn: (...args: any[]) => Promise<any>): void
  call(...args: any[]): any
  promise(...args: any[]): Promise<any>
}

export type KernelHookInstances = { readonly [K in keyof KernelHooks]: CallableHook }

const factories = {
  Sync: () => new SyncHook<any[]>(['a', 'b']),
  SyncWaterfall: () => new SyncWaterfallHook<any[]>(['value', 'b']),
  SyncBail: () => new SyncBailHook<any[], any>(['a', 'b']),
  AsyncSeries: () => new AsyncSeriesHook<any[]>(['a', 'b']),
} as const

/** Creates the kernel's hooks: one frozen object of tapable hooks (no code generation, safe under strict CSP). */
export function createHooks(): KernelHookInstances {
  const hooks = {} as Record<string, CallableHook>
  for (const [name, kind] of Object.entries(KERNEL_HOOK_KINDS)) hooks[name] = factories[kind]() as unknown as CallableHook
  return Object.freeze(hooks) as KernelHookInstances
}

export type HookFacadeOptions = {
  /** Whether the plugin's taps still run; a plugin that failed stops contributing. */
  isActive: () => boolean
  onTapError: (hook: string, error: unknown) => void
}

/**
 * The hooks as a plugin sees them: tapping fills in the plugin's name; there is no `call`.
 * A tap that throws is reported and skipped, so one broken plugin cannot break the modal.
 */
export function createHookFacade(hooks: KernelHookInstances, pluginName: string, options: HookFacadeOptions): KernelHooks {
  const facade: Record<string, unknown> = {}
  for (const [hookName, kind] of Object.entries(KERNEL_HOOK_KINDS)) {
    const hook = hooks[hookName as keyof KernelHooks]
    const tapArgs = (a: unknown, b: unknown) => {
      const [opts, fn] = typeof a === 'function' ? [{}, a] : [a as TapOptions, b]
      if (typeof fn !== 'function') throw new TypeError(`Hook "${hookName}" needs a function to tap.`)
      return [{ ...opts, name: pluginName }, fn as (...args: any[]) => any] as const
    }
    if (kind === 'AsyncSeries') {
      facade[hookName] = Object.freeze({
        tapPromise(a: unknown, b?: unknown) {
          const [opts, fn] = tapArgs(a, b)
          hook.tapPromise(opts, async (...args: any[]) => {
            if (!options.isActive()) return
            try {
              await fn(...args)
            } catch (error) {
              options.onTapError(hookName, error)
            }
          })
        },
      })
      continue
    }
    facade[hookName] = Object.freeze({
      tap(a: unknown, b?: unknown) {
        const [opts, fn] = tapArgs(a, b)
        hook.tap(opts, (...args: any[]) => {
          // a skipped waterfall tap passes its input through; a skipped bail tap does not bail
          const passThrough = kind === 'SyncWaterfall' ? args[0] : undefined
          if (!options.isActive()) return passThrough
          try {
            const result = fn(...args)
            if (kind === 'SyncWaterfall' && result === undefined) return passThrough
            return result
          } catch (error) {
            options.onTapError(hookName, error)
            return passThrough
          }
        })
      },
    })
  }
  return Object.freeze(facade) as unknown as KernelHooks
}
