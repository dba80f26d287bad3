import { CONTRACTS_VERSION, satisfies, type PluginDefinition } from '@portico/contracts/plugin'
import { createKernel, type KernelOptions } from '@portico/kernel'
import { describe, expect, it } from 'vitest'

/**
 * The `portico` field of a plugin's package.json. The build takes the manifest's views, kind, requires, contracts
 * and activation from the definition; a package.json that still says one of them must agree with it.
 */
type PorticoField = { kind?: string; activation?: string; views?: string[]; requires?: string[]; contracts?: string }

export type DescribePluginOptions = {
  /** Plugins this one requires, set up with it in the kernel. */
  requires?: readonly PluginDefinition[]
  /** Extra kernel options for the setup check (e.g. `features: { myPlugin: { ... } }`). */
  kernelOptions?: Partial<KernelOptions>
  /** The plugin's package.json, to check that its `version` (and any `portico` field) agree with the definition. */
  packageJson?: { version?: string; portico?: PorticoField }
}

const KEBAB = /^[a-z][a-z0-9-]*$/
const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/

/**
 * The plugin conformance suite: the definition's shape (kebab name, semver version, contracts range satisfied by
 * this CONTRACTS_VERSION, kind, requires), every view loads a component, and setup and teardown run against a
 * minimal real kernel.
 *
 * @example
 * describePlugin(() => myPlugin(), { packageJson })
 */
export function describePlugin(factory: () => PluginDefinition, options: DescribePluginOptions = {}): void {
  let name = '(factory threw)'
  try {
    name = factory().name
  } catch {
    /* reported by the first test */
  }
  describe(`plugin conformance: ${name}`, () => {
    it('shape: kebab-case name, semver version, kind and requires', () => {
      const plugin = factory()
      expect(plugin.name, 'name').toMatch(KEBAB)
      expect(plugin.version, 'version').toMatch(SEMVER)
      if (plugin.kind !== undefined) expect(['adapter', 'connector', 'feature']).toContain(plugin.kind)
      for (const r of plugin.requires ?? []) expect(r, 'requires').toMatch(KEBAB)
      expect(plugin.requires ?? [], 'a plugin does not require itself').not.toContain(plugin.name)
      if (plugin.setup !== undefined) expect(typeof plugin.setup).toBe('function')
    })

    it(`shape: the contracts range is satisfied by CONTRACTS_VERSION ${CONTRACTS_VERSION}`, () => {
      const plugin = factory()
      expect(typeof plugin.contracts).toBe('string')
      expect(satisfies(CONTRACTS_VERSION, plugin.contracts), `"${plugin.contracts}" does not accept ${CONTRACTS_VERSION}`).toBe(true)
    })

    it('behavior: every view loads a component', async () => {
      const plugin = factory()
      for (const [id, entry] of Object.entries(plugin.views ?? {})) {
        expect(typeof entry.load, `view ${id}`).toBe('function')
        const mod = await entry.load()
        expect(typeof mod?.default, `view ${id} has no default-exported component`).toBe('function')
      }
      for (const [locale, messages] of Object.entries(plugin.messages ?? {})) {
        for (const [key, text] of Object.entries(messages)) expect(typeof text, `${locale}.${key}`).toBe('string')
      }
    })

    it('behavior: setup runs against a minimal real kernel, and teardown too', async () => {
      const plugin = factory()
      const kernel = createKernel({ projectId: 'conformance', ...options.kernelOptions, plugins: [...(options.requires ?? []), plugin] } as KernelOptions)
      try {
        await kernel.ready
        const status = kernel.getState().plugins.byName[plugin.name]
        expect(status?.status, `setup failed: ${status?.error ?? 'not set up'}`).toBe('ready')
        expect(status?.version).toBe(plugin.version)
      } finally {
        expect(() => kernel.destroy()).not.toThrow()
      }
    })

    it('shape: package.json agrees with the definition', (ctx) => {
      const pkg = options.packageJson
      if (!pkg) return ctx.skip()
      const plugin = factory()
      if (pkg.version !== undefined) expect(pkg.version, 'package version').toBe(plugin.version)
      const portico = pkg.portico ?? {}
      if (portico.kind !== undefined) expect(portico.kind, 'portico.kind').toBe(plugin.kind ?? 'feature')
      if (portico.views !== undefined)
        expect([...portico.views].sort(), 'portico.views').toEqual(Object.keys(plugin.views ?? {}).sort())
      if (portico.requires !== undefined)
        expect([...portico.requires].sort(), 'portico.requires').toEqual([...(plugin.requires ?? [])].sort())
      if (portico.contracts !== undefined) expect(portico.contracts, 'portico.contracts').toBe(plugin.contracts)
      if (portico.activation !== undefined && plugin.activation !== undefined)
        expect(portico.activation, 'portico.activation').toBe(plugin.activation)
    })
  })
}
