import { useEffect, useState } from 'react'
import { type Kernel, List, ListItem, Stack, useKernel, usePorticoSelector, useTranslate } from '@portico/kernel'
import { GridIcon } from '@portico/kernel/icons'
import type { WalletListingLike } from '../links.js'
import { fetchWallets, useWalletImage } from './useWalletConnect.js'
import { WalletConnectPanel } from './WalletConnectPanel.js'

/** How many registry wallets the basic view lists under the QR code. */
export const BASIC_WALLET_COUNT = 4

/** Whether a plugin can show AllWallets (the wallets feature is on and a plugin provides or may provide it). */
function allWalletsAvailable(kernel: Kernel, features: Record<string, unknown>): boolean {
  // the kernel answers for bundled plugins and, once the manifest is loaded (the modal opening), remote ones
  return features.wallets !== false && kernel.plugins.hasView('AllWallets')
}

function WalletRow({ wallet, onClick }: { wallet: WalletListingLike; onClick: () => void }) {
  const image = useWalletImage(wallet)
  return <ListItem data-testid={`wallet-${wallet.id}`} name={wallet.name} imageUrl={image} chevron onClick={onClick} />
}

/**
 * ConnectingWalletConnectBasic: what a desktop visitor sees when the host has no chain adapter: the QR code, then a
 * short list of registry wallets (each opens ConnectingWalletConnect for that wallet) and "All wallets".
 */
export default function ConnectingWalletConnectBasic() {
  const kernel = useKernel()
  const t = useTranslate()
  const networks = usePorticoSelector((s) => s.chains.networks)
  const features = usePorticoSelector((s) => s.options.features)
  const [wallets, setWallets] = useState<WalletListingLike[]>([])
  const chains = networks.map((n) => n.caipNetworkId).join(',')

  useEffect(() => {
    let active = true
    void fetchWallets(kernel, { page: 1, entries: BASIC_WALLET_COUNT, ...(chains ? { chains } : {}) }).then((list) => {
      if (active) setWallets(list.slice(0, BASIC_WALLET_COUNT))
    })
    return () => {
      active = false
    }
  }, [kernel, chains])

  const showAll = allWalletsAvailable(kernel, features)
  return (
    <div className="portico-wc-view" data-testid="view-ConnectingWalletConnectBasic">
      <Stack gap={5}>
        <WalletConnectPanel qrSize={232} />
        {(wallets.length > 0 || showAll) && (
          <List label={t('wc.basic.wallets')}>
            {wallets.map((w) => (
              <WalletRow key={w.id} wallet={w} onClick={() => kernel.router.push('ConnectingWalletConnect', { wallet: w })} />
            ))}
            {showAll && (
              <ListItem
                data-testid="wc-all-wallets"
                name={t('wc.basic.allWallets')}
                icon={
                  <span className="portico-wc-tile" aria-hidden="true">
                    <GridIcon size={20} />
                  </span>
                }
                chevron
                onClick={() => kernel.router.push('AllWallets')}
              />
            )}
          </List>
        )}
      </Stack>
    </div>
  )
}
