import { afterEach, beforeEach, vi } from 'vitest'
import { createKernel, createMemoryStorage, type Kernel, type KernelOptions } from '@portico/kernel'
import { evm } from '@portico/plugin-evm'
import { embeddedWallet } from '../plugin.js'
import { FAKE_FRAME_URL, FakeFrame } from './FakeFrame.js'

/**
 * The harness of this plugin's kernel tests: a fresh fake frame per test (read it through the returned getter),
 * kernels made with {@link makeKernel} destroyed after each test, and the console quiet about the unreachable chain
 * RPC (only the wallet matters here).
 */
export function useEmbeddedWalletHarness() {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'error').mockImplementation(() => {})
  let fake: FakeFrame
  const kernels: Kernel[] = []
  beforeEach(() => {
    fake = new FakeFrame()
  })
  afterEach(() => {
    kernels.splice(0).forEach((k) => k.destroy())
    fake.destroy()
    vi.useRealTimers()
  })

  /** A ready kernel with the real evm adapter (its RPC unreachable) and the embedded wallet on the fake frame. */
  async function makeKernel(options: Partial<KernelOptions> = {}): Promise<Kernel> {
    const kernel = createKernel({
      projectId: 'test-project',
      networks: ['eip155:31337'],
      endpoints: { frame: FAKE_FRAME_URL },
      storage: createMemoryStorage(),
      plugins: [evm({ rpcUrls: { 31337: ['http://127.0.0.1:1'], 31338: ['http://127.0.0.1:2'] } }), embeddedWallet()],
      ...options,
    } as KernelOptions)
    kernels.push(kernel)
    await kernel.ready
    return kernel
  }

  return { fake: () => fake, makeKernel }
}
