/**
 * Starts the stack once for the e2e suite, on the test ports (defaults + 10000, or + PORTICO_E2E_PORT_OFFSET),
 * so it runs beside a running `npm start`. Tests read the URLs with `inject('stack')`.
 */
import type { TestProject } from 'vitest/node'
import { build, isBuilt } from '../../scripts/lib/build.ts'
import { ensureChromium } from '../../scripts/lib/chromium.ts'
import { DEFAULT_PORTS, type Ports } from '../../scripts/lib/ports.ts'
import { startStack } from '../../scripts/lib/stack.ts'
import { CDN_DIR, DEMO_DIR } from '../../scripts/lib/workspace.ts'
import type { E2EStack } from '../utils/stack.ts'

export default async function setup(project: TestProject) {
  const offset = Number(process.env.PORTICO_E2E_PORT_OFFSET ?? 10000)
  const ports = Object.fromEntries(Object.entries(DEFAULT_PORTS).map(([k, v]) => [k, v + offset])) as Ports
  if (!isBuilt()) await build()
  ensureChromium()
  const stack = await startStack({ ports, echo: process.env.PORTICO_E2E_ECHO === '1' })
  const provided: E2EStack = { ports, urls: stack.urls, cdnDir: CDN_DIR, demoDir: DEMO_DIR }
  project.provide('stack', provided)
  return async () => {
    await stack.stop()
  }
}
