/** An instance made on first use: its code is downloaded then, not when the plugin is set up. */
export type LazyInstance<T> = {
  /** Makes the instance (once; a failed download is tried again on the next call). */
  load: () => Promise<T>
  /** The instance, once made. */
  current: () => T | undefined
  /** Destroys the instance, now or as soon as a load in flight ends. */
  destroy: () => void
}

/**
 * Wraps `create` (typically `import('./index.js').then((m) => m.createAdapter(parameters))`) so that it runs on the
 * first `load()`, once. A rejected `create` (a chunk that failed to download) is forgotten, so the next call tries
 * again; `destroy()` before the instance arrived destroys it when it does.
 *
 * @example
 * const adapter = lazyInstance(() => import('./index.js').then((m) => m.createSolanaAdapter(parameters)))
 * await adapter.load() // downloads and creates it
 */
export function lazyInstance<T extends { destroy(): void }>(create: () => Promise<T>): LazyInstance<T> {
  let pending: Promise<T> | undefined
  let made: T | undefined
  let destroyed = false
  const load = () =>
    (pending ??= create().then(
      (instance) => {
        if (destroyed) instance.destroy()
        return (made = instance)
      },
      (error: unknown) => {
        pending = undefined
        throw error
      },
    ))
  return {
    load,
    current: () => made,
    destroy() {
      destroyed = true
      void pending?.then((instance) => instance.destroy(), () => {})
    },
  }
}

/**
 * The methods `names` of the object `load` resolves to, each waiting for it first: a lazy adapter's methods before
 * its code has loaded.
 *
 * @example
 * const methods = forwardMethods(adapter.load, ['connect', 'getBalance'] as const)
 * await methods.connect({ connector }) // loads, then calls the real connect
 */
export function forwardMethods<T, K extends keyof T>(load: () => Promise<T>, names: readonly K[]): Pick<T, K> {
  return Object.fromEntries(
    names.map((name) => [name, async (...args: unknown[]) => ((await load())[name] as (...a: unknown[]) => Promise<unknown>)(...args)]),
  ) as Pick<T, K>
}

/**
 * Binds `fn(ctx, params)` methods to a context, mapping whatever they throw through `toError` with the method's
 * action (so a wallet's refusal becomes USER_REJECTED worded after it, the rest the adapter's own error).
 *
 * @example
 * const bind = errorMappedBinder(ctx, (error, action: SolanaAction) => toSolanaError(error, action, ctx.t))
 * const adapter = defineChainAdapter({ ..., connect: bind('connect', connect) })
 */
export function errorMappedBinder<C, A>(ctx: C, toError: (error: unknown, action: A) => unknown) {
  return <P, R>(action: A, fn: (ctx: C, params: P) => Promise<R>) =>
    async (params: P): Promise<R> => {
      try {
        return await fn(ctx, params)
      } catch (error) {
        throw toError(error, action)
      }
    }
}
