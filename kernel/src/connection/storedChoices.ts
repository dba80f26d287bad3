import type { KeyValueStorage, RecentWallet } from '@portico/contracts/plugin'
import { connectionSlice, type PorticoStore } from '../store/index.js'
import { STORAGE_KEYS } from './storageKeys.js'

const isRecentWallet = (w: unknown): w is RecentWallet =>
  typeof w === 'object' && w !== null && typeof (w as RecentWallet).id === 'string' && typeof (w as RecentWallet).name === 'string'

/**
 * Reads what the Connect view shows of earlier visits (the recent wallets, the last connector) into the store, and
 * returns the stored connection status. This is all an open needs from storage when no session is stored, so it
 * lives beside the kernel rather than in the connection chunk: the modal then opens without that chunk, which
 * loads once the first view has painted (or with the first connect). A malformed value reads as absent.
 */
export async function readStoredChoices(storage: KeyValueStorage, store: Pick<PorticoStore, 'dispatch'>): Promise<unknown> {
  const [status, recent, lastConnectorId] = await Promise.all([
    storage.getItem<unknown>(STORAGE_KEYS.status),
    storage.getItem<unknown[]>(STORAGE_KEYS.recentWallets),
    storage.getItem<unknown>(STORAGE_KEYS.lastConnectorId),
  ])
  store.dispatch(
    connectionSlice.actions.storedConnectionRead({
      ...(Array.isArray(recent) ? { recentWallets: recent.filter(isRecentWallet) } : {}),
      ...(typeof lastConnectorId === 'string' ? { lastConnectorId } : {}),
    }),
  )
  return status
}
