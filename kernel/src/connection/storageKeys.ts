/** Storage keys the connection keeps (kernel-owned, not plugin-prefixed). */
export const STORAGE_KEYS = {
  status: 'connectionStatus',
  connections: 'connections',
  lastConnectorId: 'lastConnectorId',
  recentWallets: 'recentWallets',
  activeCaipNetworkId: 'activeCaipNetworkId',
} as const
