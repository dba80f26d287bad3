/**
 * Starts the stack once for the e2e suite, on the test ports (defaults + 10000, or + PORTICO_E2E_PORT_OFFSET),
 * so it runs beside a running `npm start`. Tests read the URLs and the deployed test token with
 * `inject('stack')`.
 *
 * PORTICO_E2E_DIST=<dir> serves `<dir>/cdn`, `<dir>/demo` and `<dir>/bundled` instead of dist/ (built there when
 * missing), so a run is not disturbed by a concurrent `npm run build`.
 */
import { join } from 'node:path'
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
  const dist = process.env.PORTICO_E2E_DIST
  const cdnDir = dist ? join(dist, 'cdn') : CDN_DIR
  const demoDir = dist ? join(dist, 'demo') : DEMO_DIR
  if (dist) {
    if (!isBuilt({ cdnDir, demoDir })) await build({ cdnDir, demoDir })
  } else if (!isBuilt()) await build()
  ensureChromium()
  // csp.e2e.test.ts serves the demo with the strict CSP on this port: an origin the dev project allows, so the
  // login frame accepts it as a parent
  const cspDemoPort = ports.demo + 9
  const stack = await startStack({
    ports,
    cdnDir,
    demoDir,
    echo: process.env.PORTICO_E2E_ECHO === '1',
    extraOrigins: [`http://localhost:${cspDemoPort}`],
  })
  const token = stack.tokens && {
    name: stack.tokens.name,
    symbol: stack.tokens.symbol,
    decimals: stack.tokens.decimals,
    addresses: Object.fromEntries(stack.tokens.deployments.map((d) => [String(d.chainId), d.address])),
    holders: stack.tokens.holders,
  }
  const exchange = stack.exchange && {
    token: stack.exchange.token,
    deployer: stack.exchange.deployer,
    chains: Object.fromEntries(stack.exchange.deployments.map(({ chainId, ...d }) => [String(chainId), d])),
  }
  const provided: E2EStack = { ports, urls: stack.urls, cdnDir, demoDir, token, exchange, cspDemoPort }
  project.provide('stack', provided)
  return async () => {
    await stack.stop()
  }
}
