import { PluginManifestSchema, type PluginManifest } from '@portico/contracts/plugin'

const sri = (c: string) => `sha384-${c.repeat(64)}`

/** A small plugin manifest as a plugin CDN serves it (for the composer's tests). */
export function testManifest(): PluginManifest {
  return PluginManifestSchema.parse({
    evm: { entry: 'evm/remoteEntry.js', integrity: sri('a'), version: '0.1.0', kind: 'adapter', activation: 'open' },
    solana: { entry: 'solana/remoteEntry.js', integrity: sri('b'), version: '0.1.0', kind: 'adapter', activation: 'open' },
    injected: { entry: 'injected/remoteEntry.js', integrity: sri('c'), version: '0.1.0', kind: 'connector', activation: 'open' },
    walletconnect: { entry: 'walletconnect/remoteEntry.js', integrity: sri('d'), version: '0.1.0', kind: 'connector', views: ['ConnectingWalletConnect'] },
    'embedded-wallet': { entry: 'embedded-wallet/remoteEntry.js', integrity: sri('e'), version: '0.1.0', kind: 'connector' },
    connect: { entry: 'connect/remoteEntry.js', integrity: sri('f'), version: '0.1.0', kind: 'feature', views: ['Connect'], activation: 'open' },
    account: { entry: 'account/remoteEntry.js', integrity: sri('g'), version: '0.1.0', kind: 'feature', views: ['Account'] },
    email: { entry: 'email/remoteEntry.js', integrity: sri('h'), version: '0.1.0', kind: 'feature', requires: ['embedded-wallet'] },
    'locale-es': { entry: 'locale-es/remoteEntry.js', integrity: sri('i'), version: '0.1.0', kind: 'feature', locales: ['es'] },
    'locale-ja': { entry: 'locale-ja/remoteEntry.js', integrity: sri('j'), version: '0.2.0', locales: ['ja'] },
  })
}
