import type { FrameRequestName, FrameRequestPayload, FrameRpcRequest, FrameSuccessPayload } from '@portico/contracts/frame'
import type { RequestOptions } from './channel.js'
import type { FrameManager, FrameManagerDeps } from './frameManager.js'

/**
 * The frame manager behind a dynamic `import()`: the channel and the protocol's zod schemas (the larger part of
 * the plugin) load on the first request, or at start only when a login is stored. Until then the connector, its
 * email API and the provider's local answers (`eth_chainId`) work without them.
 */
export function createLazyFrame(deps: FrameManagerDeps) {
  let manager: FrameManager | undefined
  let loading: Promise<FrameManager> | undefined
  let destroyed = false
  let checker: ((payload: unknown) => ReturnType<typeof import('./frameManager.js')['checkRpcRequest']>) | undefined

  const load = () =>
    (loading ??= import('./frameManager.js').then(
      (m) => {
        checker = m.checkRpcRequest
        manager = m.createFrameManager(deps)
        if (destroyed) manager.destroy()
        return manager
      },
      (error: unknown) => {
        loading = undefined // a chunk that failed to download is fetched again next time
        throw error
      },
    ))

  return {
    load,
    mount: async () => (await load()).mount(),
    ready: async () => (await load()).ready(),
    isReady: () => manager?.isReady() ?? false,
    isMounted: () => manager?.isMounted() ?? false,
    async request<N extends FrameRequestName>(name: N, payload: FrameRequestPayload<N>, options?: RequestOptions): Promise<FrameSuccessPayload<N>> {
      return (await load()).request(name, payload, options)
    },
    async checkRpcRequest(payload: unknown): Promise<{ ok: true; value: FrameRpcRequest } | { ok: false; message: string }> {
      await load()
      return checker!(payload)
    },
    /** Needs no reply; nothing to send before the frame exists. */
    send: (name: FrameRequestName) => manager?.send(name),
    syncTheme: () => manager?.syncTheme(),
    showOver: (slot: HTMLElement) => manager?.showOver(slot) ?? (() => {}),
    focus: () => manager?.focus(),
    element: () => manager?.element(),
    destroy() {
      destroyed = true
      manager?.destroy()
    },
  }
}

export type LazyFrame = ReturnType<typeof createLazyFrame>
