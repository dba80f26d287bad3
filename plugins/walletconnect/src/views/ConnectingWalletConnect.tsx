import { useWalletListing } from './useWalletConnect.js'
import { WalletConnectPanel } from './WalletConnectPanel.js'

/**
 * ConnectingWalletConnect: the QR code to scan, copy link, "Open in <wallet> app" when the view data names a
 * registry wallet (`{ wallet: listing }` or `{ walletId }`), countdown and refresh, declined and failed states.
 */
export default function ConnectingWalletConnect({ data }: { view: string; data: unknown }) {
  const wallet = useWalletListing(data)
  return (
    <div className="portico-wc-view" data-testid="view-ConnectingWalletConnect">
      <WalletConnectPanel wallet={wallet} />
    </div>
  )
}
