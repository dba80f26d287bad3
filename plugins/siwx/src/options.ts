import type { SiwxConfig, SiwxEnvironment } from './config.js'
import { legacySiweConfig, type LegacySiweConfig } from './legacy.js'
import { localSiwx, type LocalSiwxParameters } from './local.js'
import { serverSiwx, type ServerSiwxParameters } from './server.js'

const REQUIRED_FUNCTIONS = ['getNonce', 'addSession', 'getSessions', 'revokeSession'] as const
const LEGACY_FUNCTIONS = ['getNonce', 'createMessage', 'verifyMessage', 'getSession', 'signOut'] as const

/**
 * The sentence that refuses the host's sign-in options, if any (`checkKernelOptions`, and again at setup for a
 * remote copy of the plugin, whose options the kernel did not check).
 */
export function checkSiwxOptions(options: Readonly<Record<string, unknown>>): string | undefined {
  const { siwx, siweConfig } = options
  if (siwx !== undefined && siweConfig !== undefined) return 'Cannot set both `siweConfig` and `siwx` options'
  if (isServer(siwx)) {
    const { apiUrl, projectId } = serverSettings(options)
    if (!apiUrl) return 'The `siwx` server verifier needs `apiUrl` or the `endpoints.api` option.'
    if (!projectId) return 'The `siwx` server verifier needs `projectId` (or the kernel\'s `projectId` option).'
  }
  if (siwx !== undefined && typeof siwx !== 'function' && !isLocal(siwx) && !isServer(siwx)) {
    const missing = REQUIRED_FUNCTIONS.filter((f) => typeof (siwx as Record<string, unknown> | null)?.[f] !== 'function')
    if (missing.length) return `The \`siwx\` option needs ${missing.map((f) => `\`${f}\``).join(', ')}.`
  }
  if (siweConfig !== undefined) {
    const missing = LEGACY_FUNCTIONS.filter((f) => typeof (siweConfig as Record<string, unknown> | null)?.[f] !== 'function')
    if (missing.length) return `The \`siweConfig\` option needs ${missing.map((f) => `\`${f}\``).join(', ')}.`
  }
  return undefined
}

/** The config the plugin runs with, from the `siwx` or legacy `siweConfig` option; `undefined` when sign-in is off. */
export function resolveConfig(options: Readonly<Record<string, unknown>>, environment: SiwxEnvironment): SiwxConfig | undefined {
  const { siwx, siweConfig } = options
  if (typeof siwx === 'function') return (siwx as (e: SiwxEnvironment) => SiwxConfig)(environment)
  if (isLocal(siwx)) {
    const { verifier: _, ...parameters } = siwx as { verifier: 'local' } & LocalSiwxParameters
    return localSiwx(parameters)(environment)
  }
  if (isServer(siwx)) {
    const { verifier: _, ...parameters } = siwx as { verifier: 'server' } & Partial<ServerSiwxParameters>
    return serverSiwx({ ...parameters, ...serverSettings(options) } as ServerSiwxParameters)(environment)
  }
  if (siwx !== undefined) return siwx as SiwxConfig
  if (siweConfig !== undefined) return legacySiweConfig(siweConfig as LegacySiweConfig)
  return undefined
}

/** The api and project of the `{ verifier: 'server' }` form: its own, else the kernel's `endpoints.api` and `projectId`. */
function serverSettings(options: Readonly<Record<string, unknown>>): { apiUrl?: string; projectId?: string } {
  const siwx = options.siwx as { apiUrl?: unknown; projectId?: unknown }
  const endpoints = options.endpoints as { api?: unknown } | undefined
  const apiUrl = typeof siwx.apiUrl === 'string' ? siwx.apiUrl : typeof endpoints?.api === 'string' ? endpoints.api : undefined
  const projectId = typeof siwx.projectId === 'string' ? siwx.projectId : typeof options.projectId === 'string' ? options.projectId : undefined
  return { ...(apiUrl ? { apiUrl } : {}), ...(projectId ? { projectId } : {}) }
}

const isServer = (siwx: unknown) => typeof siwx === 'object' && siwx !== null && (siwx as { verifier?: unknown }).verifier === 'server'
const isLocal = (siwx: unknown) => typeof siwx === 'object' && siwx !== null && (siwx as { verifier?: unknown }).verifier === 'local'
