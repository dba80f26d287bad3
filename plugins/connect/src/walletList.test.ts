import { describe, expect, it } from 'vitest'
import type { ConnectorInfo } from '@portico/kernel'
import { buildWalletItems, groupWalletItems, sortConnectMethods, walletItemTestId } from './walletList.js'

const c = (id: string, type: ConnectorInfo['type'], extra: Partial<ConnectorInfo> = {}): ConnectorInfo => ({ id, name: id, type, chains: ['eip155'], ...extra })

describe('sortConnectMethods', () => {
  it('behavior: default order is email, social, wallet; unnamed methods follow in hook order', () => {
    const methods = [{ id: 'wallet' }, { id: 'farcaster' }, { id: 'social' }, { id: 'passkey' }, { id: 'email' }]
    expect(sortConnectMethods(methods, ['email', 'social', 'wallet']).map((m) => m.id)).toEqual(['email', 'social', 'wallet', 'farcaster', 'passkey'])
  })
  it('behavior: the host order wins and a duplicated method shows once', () => {
    const methods = [{ id: 'email' }, { id: 'wallet' }, { id: 'email' }]
    expect(sortConnectMethods(methods, ['wallet', 'email']).map((m) => m.id)).toEqual(['wallet', 'email'])
  })
})

describe('buildWalletItems', () => {
  it('behavior: connectors map to groups and tags; auth connectors are left to email and social', () => {
    const items = buildWalletItems([c('wc', 'WALLET_CONNECT'), c('io.metamask', 'ANNOUNCED'), c('safe', 'EXTERNAL'), c('auth', 'AUTH')], [])
    expect(items.map((i) => [i.id, i.group, i.tag])).toEqual([
      ['wc', 'walletConnect', 'connect.tag.qrCode'],
      ['io.metamask', 'injected', 'connect.tag.installed'],
      ['safe', 'external', undefined],
    ])
  })
  it('behavior: one wallet announced for two chains gets each row described by its chain; different wallets do not', () => {
    const items = buildWalletItems(
      [
        c('app.phantom', 'ANNOUNCED', { name: 'Phantom' }),
        c('solana.phantom', 'ANNOUNCED', { name: 'Phantom ', chains: ['solana'] }),
        c('io.metamask', 'ANNOUNCED', { name: 'MetaMask' }),
        c('io.rabby', 'ANNOUNCED', { name: 'Rabby' }),
      ],
      [],
    )
    expect(items.map((i) => [i.id, i.description])).toEqual([
      ['app.phantom', 'connect.chain.eip155'],
      ['solana.phantom', 'connect.chain.solana'],
      ['io.metamask', undefined],
      ['io.rabby', undefined],
    ])
    // the same name on the same chain (two installs) is not a chain to tell apart
    const twice = buildWalletItems([c('a', 'ANNOUNCED', { name: 'Wallet' }), c('b', 'ANNOUNCED', { name: 'Wallet' })], [])
    expect(twice.map((i) => i.description)).toEqual([undefined, undefined])
  })
  it('behavior: the generic injected connector shows only when no wallet announced itself', () => {
    expect(buildWalletItems([c('injected', 'INJECTED')], []).map((i) => i.id)).toEqual(['injected'])
    expect(buildWalletItems([c('injected', 'INJECTED'), c('io.rabby', 'ANNOUNCED')], []).map((i) => i.id)).toEqual(['io.rabby'])
  })
  it('behavior: a recent wallet is listed once, as recent, and a recent one whose connector is gone is left out', () => {
    const items = buildWalletItems(
      [c('io.metamask', 'ANNOUNCED', { imageUrl: 'mm.png' }), c('io.rabby', 'ANNOUNCED')],
      [
        { id: 'io.metamask', name: 'MetaMask', connectorId: 'io.metamask' },
        { id: 'gone', name: 'Gone', connectorId: 'io.gone' },
      ],
    )
    expect(items.map((i) => [i.id, i.group, i.tag, i.imageUrl])).toEqual([
      ['io.metamask', 'recent', 'connect.tag.recent', 'mm.png'],
      ['io.rabby', 'injected', 'connect.tag.installed', undefined],
    ])
  })
  it('behavior: a recent registry wallet without a connector reconnects through WalletConnect', () => {
    const [item] = buildWalletItems([], [{ id: 'rainbow', name: 'Rainbow' }])
    expect(item).toMatchObject({ id: 'rainbow', group: 'recent', view: 'ConnectingWalletConnect', viewData: { walletId: 'rainbow' } })
    expect(walletItemTestId(item!)).toBe('wallet-rainbow')
  })
})

describe('groupWalletItems', () => {
  it('behavior: groups follow walletConnect, recent, injected, featured, custom, external, recommended; empty ones are dropped', () => {
    const sections = groupWalletItems([
      { id: 'r1', name: 'R1', group: 'recommended' },
      { id: 'x', name: 'X', group: 'external', connectorId: 'x' },
      { id: 'f1', name: 'F1', group: 'featured' },
      { id: 'i', name: 'I', group: 'injected', connectorId: 'i' },
      { id: 'wc', name: 'WC', group: 'walletConnect', connectorId: 'wc' },
      { id: 'f2', name: 'F2', group: 'featured' },
    ])
    expect(sections.map((s) => [s.group, s.items.map((i) => i.id)])).toEqual([
      ['walletConnect', ['wc']],
      ['injected', ['i']],
      ['featured', ['f1', 'f2']],
      ['external', ['x']],
      ['recommended', ['r1']],
    ])
  })
  it('behavior: an item listed under an earlier group is not repeated later', () => {
    const sections = groupWalletItems([
      { id: 'mm', name: 'MetaMask', group: 'featured' },
      { id: 'mm', name: 'MetaMask', group: 'recent' },
    ])
    expect(sections.map((s) => s.group)).toEqual(['recent'])
  })
})
