import { describe, expect, it } from 'vitest'
import type { ConnectorInfo, PorticoState, RecentWallet } from '@portico/contracts/plugin'
import type { WalletListing } from './schemas.js'
import { initialWalletsState, type WalletsState } from './slice.js'
import { buildWalletEntries, createRegistryWalletItemsSelector, matchConnector, registryWalletItems, walletDestination } from './walletEntries.js'

const listing = (id: string, rdns: string | null = null): WalletListing => ({
  id,
  name: id.toUpperCase(),
  image_id: `img-${id}`,
  homepage: null,
  rdns,
  chains: ['eip155:1'],
  mobile_link: `${id}://`,
  desktop_link: null,
  webapp_link: null,
  app_store: null,
  play_store: null,
  chrome_store: null,
  badge_type: 'none',
  order: 1,
})
const connector = (id: string, type: ConnectorInfo['type'], rdns?: string): ConnectorInfo => ({ id, name: id, type, chains: ['eip155'], ...(rdns ? { info: { rdns } } : {}) })

describe('wallet entries', () => {
  it('behavior: recent first, then featured, recommended and pages, each wallet once', () => {
    const entries = buildWalletEntries(
      { featured: [listing('a')], recommended: [listing('b'), listing('c', 'io.c')], list: [listing('a'), listing('d')], images: { 'img-b': 'blob:b' } },
      [{ id: 'io.c', name: 'C', connectorId: 'io.c' }],
      [connector('io.c', 'ANNOUNCED', 'io.c')],
    )
    expect(entries.map((e) => [e.id, e.tag])).toEqual([['c', 'recent'], ['a', undefined], ['b', undefined], ['d', undefined]])
    expect(entries[0]).toMatchObject({ connectorId: 'io.c', listing: { id: 'c' } })
    expect(entries[2]!.imageUrl).toBe('blob:b')
  })

  it('behavior: a recent wallet whose extension is gone and that the registry does not know is left out', () => {
    const entries = buildWalletEntries({ featured: [], recommended: [], list: [listing('a')], images: {} }, [{ id: 'io.gone', name: 'Gone', connectorId: 'io.gone' }], [])
    expect(entries.map((e) => e.id)).toEqual(['a'])
  })

  it('behavior: only installed, non-WalletConnect connectors match a listing by reverse-DNS id', () => {
    expect(matchConnector(listing('m', 'io.metamask'), [connector('walletConnect', 'WALLET_CONNECT', 'io.metamask')])).toBeUndefined()
    expect(matchConnector(listing('m', 'io.metamask'), [connector('io.metamask', 'ANNOUNCED')])?.id).toBe('io.metamask')
    expect(matchConnector(listing('m'), [connector('io.metamask', 'ANNOUNCED')])).toBeUndefined()
  })

  it('behavior: destinations: a connector, WalletConnect with the listing and its image, or WalletConnect by id', () => {
    expect(walletDestination({ id: 'm', name: 'M', connectorId: 'io.m' }, [connector('io.m', 'ANNOUNCED')])).toEqual({ view: 'ConnectingExternal', data: { connectorId: 'io.m' } })
    expect(walletDestination({ id: 'w', name: 'W', connectorId: 'walletConnect' }, [connector('walletConnect', 'WALLET_CONNECT')])).toEqual({ view: 'ConnectingWalletConnect' })
    expect(walletDestination({ id: 'a', name: 'A', listing: listing('a'), imageUrl: 'blob:a' }, [])).toEqual({
      view: 'ConnectingWalletConnect',
      data: { wallet: { ...listing('a'), image_url: 'blob:a' } },
    })
    expect(walletDestination({ id: 'x', name: 'X' }, [])).toEqual({ view: 'ConnectingWalletConnect', data: { walletId: 'x' } })
  })
})

describe('Connect view items', () => {
  it('behavior: featured then recommended, leaving out wallets the view lists already (connector, recent, installed extension)', () => {
    const items = registryWalletItems(
      { featured: [listing('a'), listing('io.b')], recommended: [listing('c'), listing('d', 'io.d'), listing('e'), listing('a')], images: { 'img-e': 'blob:e' } },
      [{ id: 'c', name: 'C' }],
      [connector('io.b', 'ANNOUNCED'), connector('io.d', 'ANNOUNCED', 'io.d')],
    )
    expect(items.map((i) => [i.id, i.group, i.imageUrl])).toEqual([
      ['a', 'featured', undefined],
      ['e', 'recommended', 'blob:e'],
    ])
    expect(items[1]).toMatchObject({ view: 'ConnectingWalletConnect', viewData: { wallet: { id: 'e', image_url: 'blob:e' } } })
  })

  it('behavior: an auth connector, or the generic injected one beside an announced wallet, does not hide a registry wallet', () => {
    const items = registryWalletItems(
      { featured: [listing('auth'), listing('injected')], recommended: [], images: {} },
      [],
      [connector('auth', 'AUTH'), connector('injected', 'INJECTED'), connector('io.x', 'ANNOUNCED')],
    )
    expect(items.map((i) => i.id)).toEqual(['auth', 'injected'])
  })

  it('behavior: the select gives the same array for the same state, and a new one when its inputs change', () => {
    const select = createRegistryWalletItemsSelector()
    const state = (wallets: WalletsState | undefined, recent: RecentWallet[] = [], connectors: ConnectorInfo[] = []) =>
      ({ wallets, connection: { recentWallets: recent }, connectors: { list: connectors } }) as unknown as PorticoState
    expect(select(state(undefined))).toEqual([])
    const wallets = { ...initialWalletsState, featured: [listing('a')], recommended: [listing('b')] }
    const recent: RecentWallet[] = []
    const connectors: ConnectorInfo[] = []
    const first = select(state(wallets, recent, connectors))
    expect(first.map((i) => i.id)).toEqual(['a', 'b'])
    // another state object, same inputs (e.g. a page of the full list arrived)
    expect(select(state({ ...wallets, page: 1 }, recent, connectors))).toBe(first)
    const withImage = select(state({ ...wallets, images: { 'img-a': 'blob:a' } }, recent, connectors))
    expect(withImage).not.toBe(first)
    expect(withImage[0]!.imageUrl).toBe('blob:a')
    expect(select(state(wallets, [{ id: 'a', name: 'A' }], connectors)).map((i) => i.id)).toEqual(['b'])
  })

  it('behavior: while the first answer is on its way, placeholder rows stand for the featured wallets; then the real rows, and none after a failure', () => {
    const select = createRegistryWalletItemsSelector()
    const state = (wallets: WalletsState) => ({ wallets, connection: { recentWallets: [] }, connectors: { list: [] } }) as unknown as PorticoState
    const loading = select(state({ ...initialWalletsState, topStatus: 'loading' }))
    expect(loading).toHaveLength(4)
    expect(loading.every((i) => i.placeholder === true && i.group === 'featured')).toBe(true)
    // the host named two featured wallets: two rows are kept
    const twoIds = { ...initialWalletsState, topStatus: 'loading' as const, config: { ...initialWalletsState.config, featuredWalletIds: ['a', 'b'] } }
    expect(select(state(twoIds))).toHaveLength(2)
    const ready = select(state({ ...initialWalletsState, topStatus: 'ready', featured: [listing('a')], recommended: [listing('b')] }))
    expect(ready.map((i) => [i.id, i.placeholder])).toEqual([['a', undefined], ['b', undefined]])
    expect(select(state({ ...initialWalletsState, topStatus: 'failed' }))).toEqual([])
  })
})

describe('registry query', () => {
  it("behavior: the host's networks, defined or still waiting for their adapter, filter the registry", async () => {
    const { chainsOf } = await import('./registry.js')
    expect(chainsOf({ chains: { networks: [{ caipNetworkId: 'eip155:1' }], pendingNetworkIds: ['eip155:10', 'eip155:1'] } })).toBe('eip155:1,eip155:10')
    expect(chainsOf({ chains: { networks: [], pendingNetworkIds: [] } })).toBeUndefined()
  })
})
