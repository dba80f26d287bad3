import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { createKernel, type KernelOptions } from '@portico/kernel'
import { deployManifest, kernelOptionsOf, optionsCode, printValue, remotesText } from './codegen.js'
import { DEFAULT_COMPOSITION, type Composition } from './composition.js'
import { FALLBACK_ENV } from './env.js'
import { testManifest } from './testManifest.js'

const here = dirname(fileURLToPath(import.meta.url))
const manifest = testManifest()
const env = FALLBACK_ENV

/** Parsed library and kernel sources, shared by every check (only the composed module changes). */
const parsed = new Map<string, ts.SourceFile | undefined>()
let previous: ts.Program | undefined

/** Type-checks `code` as a module of this package (resolving `@portico/kernel` to its sources); returns the errors. */
function typeErrors(code: string): string[] {
  const file = join(here, '__composed__.ts')
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    customConditions: ['source'],
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  }
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (name, version, ...rest) => {
    if (name === file) return ts.createSourceFile(name, code, version)
    if (!parsed.has(name)) parsed.set(name, getSourceFile(name, version, ...rest))
    return parsed.get(name)
  }
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (name) => name === file || fileExists(name)
  const readFile = host.readFile.bind(host)
  host.readFile = (name) => (name === file ? code : readFile(name))
  const program = (previous = ts.createProgram([file], options, host, previous))
  const source = program.getSourceFile(file)!
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
}

/** Runs the generated module with a `createKernel` that hands back its options. */
function runCode(code: string): Record<string, any> {
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText
  let options: Record<string, any> | undefined
  const require = (id: string) => (id === '@portico/kernel' ? { createKernel: (o: Record<string, any>) => (options = o) } : {})
  new Function('require', 'exports', js)(require, {})
  return options!
}

const everything: Composition = {
  ...DEFAULT_COMPOSITION,
  plugins: ['evm', 'solana', 'walletconnect', 'connect', 'email', 'locale-ja'],
  themeMode: 'dark',
  accent: '#e11d48',
  cardRadius: 8,
  controlRadius: 4,
  font: 'mono',
  connectMethodsOrder: ['wallet', 'social', 'email'],
  legal: true,
  collapseWallets: true,
  networkSwitch: false,
  allowUnsupportedChain: true,
  locale: 'ja',
}

describe('kernelOptionsOf', () => {
  it('behavior: the picked plugins and their requirements are on, every other manifest plugin is off', () => {
    const { features } = kernelOptionsOf({ ...DEFAULT_COMPOSITION, plugins: ['evm', 'email', 'connect'] }, env, manifest)
    expect(Object.keys(features).filter((k) => features[k] !== false)).toEqual(['evm', 'embedded-wallet', 'connect', 'email'])
    expect(Object.keys(features).filter((k) => features[k] === false).sort()).toEqual(['account', 'injected', 'locale-es', 'locale-ja', 'solana', 'walletconnect'])
  })

  it('behavior: the default composition sets only what differs from the kernel defaults', () => {
    const options = kernelOptionsOf(DEFAULT_COMPOSITION, env, manifest)
    expect(options).toEqual({
      projectId: 'portico-dev',
      remotes: { manifestUrl: env.manifestUrl },
      adapters: ['eip155'],
      networks: ['eip155:31337', 'eip155:31338'],
      features: {
        evm: { rpcUrls: { '31337': ['http://localhost:8545'], '31338': ['http://localhost:8546'] } },
        injected: true,
        connect: true,
        account: true,
        solana: false,
        walletconnect: false,
        'embedded-wallet': false,
        email: false,
        'locale-es': false,
        'locale-ja': false,
      },
      themeMode: 'light',
      endpoints: { api: env.api, relay: env.relay, frame: env.frame },
    })
  })

  it('behavior: theme, order, flags and language become their options', () => {
    const options = kernelOptionsOf(everything, env, manifest)
    expect(options).toMatchObject({
      adapters: ['eip155', 'solana'],
      networks: ['eip155:31337', 'eip155:31338', env.solana.caipNetworkId],
      connectMethodsOrder: ['wallet', 'social', 'email'],
      themeMode: 'dark',
      themeVariables: { accent: '#e11d48', radiusCard: '8px', radiusMd: '4px', radiusSm: '3px', fontFamily: expect.stringContaining('monospace') },
      enableNetworkSwitch: false,
      allowUnsupportedChain: true,
      locale: 'ja',
    })
    expect(options.features.connect).toEqual({ legal: { termsUrl: 'https://example.com/terms', privacyUrl: 'https://example.com/privacy' }, collapseWallets: true })
  })

  it('behavior: a picked name the manifest does not list is left out', () => {
    const { features } = kernelOptionsOf({ ...DEFAULT_COMPOSITION, plugins: ['connect', 'gone'] }, env, manifest)
    expect(features).not.toHaveProperty('gone')
  })
})

describe('optionsCode', () => {
  it('behavior: the generated code type-checks against createKernel, for the default and a full composition', () => {
    for (const c of [DEFAULT_COMPOSITION, everything, { ...DEFAULT_COMPOSITION, plugins: [] }]) {
      expect(typeErrors(optionsCode(c, env, manifest, 'http://localhost:4304/#plugins=evm'))).toEqual([])
    }
  }, 180_000)

  it('error: the same check refuses code that does not fit createKernel (so it can fail)', () => {
    const code = optionsCode(DEFAULT_COMPOSITION, env, manifest).replace("networks: ['eip155:31337', 'eip155:31338']", "networks: 'eip155:31337'")
    expect(typeErrors(code).join('\n')).toMatch(/Type 'string' is not assignable to type 'readonly \(string \| CaipNetworkLike\)\[\]'/)
    expect(typeErrors(code.replace('createKernel({', 'createKernal({')).join('\n')).toMatch(/Cannot find name 'createKernal'/)
    // a named option keeps its type beside the index signature that lets plugins' own options through
    const blue = optionsCode(DEFAULT_COMPOSITION, env, manifest).replace("themeMode: 'light'", "themeMode: 'blue'")
    expect(blue).toContain("themeMode: 'blue'")
    expect(typeErrors(blue).join('\n')).toMatch(/Type '"blue"' is not assignable to type '"light" \| "dark"/)
  }, 180_000)

  it('behavior: the code builds the very options the preview runs, and the kernel accepts them', () => {
    for (const c of [DEFAULT_COMPOSITION, everything]) {
      const options = runCode(optionsCode(c, env, manifest))
      expect(options).toEqual(kernelOptionsOf(c, env, manifest))
      const kernel = createKernel(options as KernelOptions)
      expect(kernel.options).toMatchObject({ themeMode: c.themeMode, features: options.features })
      kernel.destroy()
    }
  })

  it('behavior: the code reads as a host would write it', () => {
    const code = optionsCode({ ...DEFAULT_COMPOSITION, plugins: ['connect', 'locale-es'], locale: 'es' }, env, manifest)
    expect(code).toBe(`import { createKernel } from '@portico/kernel'
import '@portico/kernel/styles.css'

export const kernel = createKernel({
  // your project id on the Portico api (its allowed origins must list your site)
  projectId: 'portico-dev',
  // your plugin CDN: the remotes to deploy and their manifest
  remotes: { manifestUrl: 'http://localhost:4301/manifest.json' },
  adapters: [],
  networks: [],
  features: {
    // picked: loaded from the plugin CDN when the modal needs them
    connect: true,
    'locale-es': true,
    // in the manifest, not picked: a manifest plugin loads unless it is switched off
    evm: false,
    solana: false,
    injected: false,
    walletconnect: false,
    'embedded-wallet': false,
    account: false,
    email: false,
    'locale-ja': false,
  },
  themeMode: 'light',
  locale: 'es',
  // your deployments of the backends (services/api, services/relay, services/frame)
  endpoints: { api: 'http://localhost:4310', relay: 'ws://localhost:4330', frame: 'http://localhost:4320' },
})
`)
  })

  it('behavior: values print as TypeScript, quoting keys and strings that need it', () => {
    expect(printValue({ a: "it's", 'b-c': [1, true, null] })).toBe("{ a: 'it\\'s', 'b-c': [1, true, null] }")
  })
})

describe('remotes to deploy', () => {
  it('behavior: exactly the picked remotes and their requirements, with their manifest entries', () => {
    const c = { plugins: ['email', 'connect'] }
    expect(Object.keys(deployManifest(c, manifest))).toEqual(['embedded-wallet', 'connect', 'email'])
    const text = remotesText(c, manifest)
    expect(text.split('\n').slice(0, 4)).toEqual([
      '# 3 remotes to deploy: copy these folders of dist/cdn/ to your plugin CDN',
      `embedded-wallet/  embedded-wallet/remoteEntry.js  0.1.0  sha384-${'e'.repeat(64)}`,
      `connect/          connect/remoteEntry.js          0.1.0  sha384-${'f'.repeat(64)}`,
      `email/            email/remoteEntry.js            0.1.0  sha384-${'h'.repeat(64)}`,
    ])
    expect(JSON.parse(text.slice(text.indexOf('{')))).toEqual(deployManifest(c, manifest))
  })

  it('behavior: the first-open bundle of the full CDN is left out: each picked plugin comes from its own remote', () => {
    const bundle = { container: 'portico_bundle_x', entry: 'bundles/b/remoteEntry.js', integrity: `sha384-${'b'.repeat(64)}`, members: { connect: '0.1.0', email: '0.1.0' }, preload: [], viewPreload: {} }
    const withBundle = { ...manifest, connect: { ...manifest.connect!, bundle }, email: { ...manifest.email!, bundle } }
    const deployed = deployManifest({ plugins: ['email', 'connect'] }, withBundle)
    expect(Object.values(deployed).some((e) => 'bundle' in e)).toBe(false)
    expect(deployed.connect).toEqual(manifest.connect)
  })
})
