// @vitest-environment jsdom
/*
 * A plugin written outside plugins/, against docs/writing-a-plugin.md only (points-plugin/): it must type-check
 * against the packages' published types, and, bundled with connect and account, add its Connect method and its
 * Account tab through their extension points.
 */
import 'fake-indexeddb/auto'
import { execFileSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Kernel } from '@portico/kernel'
import { account } from '@portico/plugin-account'
import { connect } from '@portico/plugin-connect'
import { createTestKernel, scriptedWalletPlugin, withKernel } from '@portico/tests/react'
import points from './points-plugin/src/plugin.js'

// (jsdom gives import.meta.url an http: scheme, so the path comes from the module's directory)
const ROOT = resolve(import.meta.dirname, '../..')
const tsc = (...args: string[]) => execFileSync(process.execPath, [`${ROOT}/node_modules/typescript/bin/tsc`, ...args], { cwd: ROOT, encoding: 'utf8' })
/** Type-checks the fixture; the compiler's report when it fails. */
function checkFixture(): { ok: boolean; report: string } {
  try {
    return { ok: true, report: tsc('-p', 'tests/third-party/points-plugin/tsconfig.json') }
  } catch (error) {
    return { ok: false, report: String((error as { stdout?: string }).stdout ?? error) }
  }
}

let kernel: Kernel | undefined
afterEach(() => {
  cleanup()
  kernel?.destroy()
  kernel = undefined
})

describe('a third-party plugin written against the docs', () => {
  it('behavior: type-checks against the published types of contracts, kernel, connect and account', () => {
    // the declaration files a package consumer sees
    tsc('-b', 'contracts', 'kernel', 'plugins/connect', 'plugins/account')
    expect(checkFixture()).toEqual({ ok: true, report: '' })
  }, 120_000)

  it('error: the type check can fail (a contribution of the wrong shape is refused)', () => {
    const bad = `${ROOT}/tests/third-party/points-plugin/src/bad.ts`
    writeFileSync(bad, `import { definePlugin } from '@portico/contracts/plugin'\nimport type {} from '@portico/plugin-account'\nexport default () => definePlugin({ name: 'bad', version: '0', contracts: '^1.0.0', setup: (ctx) => void ctx.extensions.contribute('account/tabs', { items: [{ id: 1 }] }) })\n`)
    try {
      const { ok, report } = checkFixture()
      expect(ok).toBe(false)
      expect(report).toMatch(/src\/bad\.ts.*error TS2322/)
    } finally {
      rmSync(bad)
    }
  }, 120_000)

  it('behavior: its Connect method shows on the Connect view and its Account tab on the Account view', async () => {
    const wallet = scriptedWalletPlugin()
    kernel = createTestKernel({ plugins: [connect(), account(), wallet.plugin, points({ label: 'My points' })] })
    await kernel.ready
    expect(kernel.getState().plugins.byName.points?.status).toBe('ready')
    render(withKernel(kernel))

    await act(() => kernel!.open())
    const connectView = await screen.findByTestId('view-Connect')
    expect((await within(connectView).findByTestId('passkey-method')).textContent).toBe('Continue with a passkey')

    await act(async () => void (await kernel!.connect('test-wallet')))
    await act(() => kernel!.open('Account'))
    const accountView = await screen.findByTestId('view-Account')
    const tab = await within(accountView).findByTestId('tab-points')
    expect(tab.textContent).toBe('My points')
    await act(async () => void fireEvent.click(tab))
    // the tab reads the plugin's own slice, which its afterConnect tap filled
    await waitFor(() => expect(screen.getByTestId('points-balance').textContent).toBe('10 points'))
  })
})
