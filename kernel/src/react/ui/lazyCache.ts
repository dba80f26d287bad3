import type { ComponentType } from 'react'
import type { ComponentModule } from '@portico/contracts/plugin'

// Apart from Lazy.tsx so that a plugin's set-up code can preload with it without pulling in the UI kit.

type Load = () => Promise<ComponentModule<any>>

/** Components already loaded, by their loader: a Lazy that shows one again renders it at once, without a spinner. */
export const loaded = new WeakMap<Load, ComponentType<any>>()
/** A loader whose module has no component as its default export. */
export class NoComponentError extends Error {}
/** Loads under way, by their loader: a `Lazy` mounted meanwhile waits on the same download. */
const pending = new WeakMap<Load, Promise<ComponentType<any>>>()

/**
 * Starts loading what a `Lazy` with this loader will show, before it mounts: it then renders the component in its
 * first commit (no spinner, no second frame) or waits on this same download. A failure is not kept: the next call
 * or the `Lazy` tries again.
 *
 * @example
 * // a plugin whose connect method will show in the view being opened
 * void preloadLazy(method.load).catch(() => {})
 */
export function preloadLazy(load: Load): Promise<ComponentType<any>> {
  const known = loaded.get(load)
  if (known) return Promise.resolve(known)
  let started = pending.get(load)
  if (!started) {
    started = Promise.resolve()
      .then(load)
      .then((module) => {
        if (typeof module?.default !== 'function') throw new NoComponentError()
        loaded.set(load, module.default as ComponentType<any>)
        return module.default as ComponentType<any>
      })
      .finally(() => pending.delete(load))
    pending.set(load, started)
  }
  return started
}

