// @vitest-environment node
/// <reference types="vite/client" />
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { importFailures } from '@portico/tests/ssr'

// every module of kernel/src except tests
const modules = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'])

describe('SSR safety', () => {
  it('behavior: this test really runs without a DOM', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
  })

  it('behavior: every module of the kernel imports without touching window or document', async () => {
    const paths = Object.keys(modules)
    expect(paths.length).toBeGreaterThan(30)
    expect(paths).toContain('../exports/index.ts')
    expect(paths).toContain('./modal/Modal.tsx')
    expect(paths).toContain('../extensions/createExtensions.ts')
    expect(await importFailures(modules)).toEqual([])
  })

  it('behavior: the provider, the connect button and the inline modal render to a string on the server', async () => {
    const { ConnectButton, PorticoModalInline, PorticoProvider } = await import('../exports/index.js')
    const { createTestKernel } = await import('@portico/tests/react')
    const kernel = createTestKernel()
    const html = renderToString(
      <PorticoProvider kernel={kernel}>
        <ConnectButton />
        <PorticoModalInline />
      </PorticoProvider>,
    )
    expect(html).toContain('data-testid="connect-button"')
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('data-testid="portico-modal"')
    kernel.destroy()
  })
})
