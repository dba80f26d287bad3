import type { ChainNamespace, TransactionRequest } from '@portico/contracts/plugin'
import { refreshBalance } from './balance.js'
import { createTabChannel } from './channel.js'
import { connect } from './connect.js'
import type { ConnectionContext, ConnectionDeps } from './context.js'
import { disconnect } from './disconnect.js'
import { restore } from './restore.js'
import { sendTransaction } from './send.js'
import { signMessage } from './sign.js'
import { switchNetwork } from './switchNetwork.js'
import { startTabSync } from './sync.js'

export type { ConnectionDeps }
export { RESTORE_CONNECTOR_WAIT_MS } from './restore.js'
export { STORAGE_KEYS } from './storageKeys.js'

/**
 * The connection lifecycle (SPEC §4): each action is its own module taking the shared context. Chain logic stays
 * in the adapters; this binds the actions to one kernel.
 */
export function createConnection(deps: ConnectionDeps) {
  const ctx: ConnectionContext = { ...deps, unwatch: new Map(), ending: new Set() }
  // tabs in sync: this tab's changes go to the site's other tabs, theirs are followed here without a wallet prompt
  const ownChannel = deps.tabs ? undefined : createTabChannel(deps.store.getState().options.projectId)
  let restoring: Promise<void> | undefined
  const sync = startTabSync(ctx, (deps.tabs ?? ownChannel)!, { restoring: () => restoring })
  return {
    connect: (connectorId: string, params?: { namespace?: ChainNamespace }) => connect(ctx, connectorId, params),
    disconnect: (namespace?: ChainNamespace) => disconnect(ctx, namespace),
    switchNetwork: (caipNetworkId: string) => switchNetwork(ctx, caipNetworkId),
    signMessage: (message: string) => signMessage(ctx, message),
    sendTransaction: (transaction: TransactionRequest) => sendTransaction(ctx, transaction),
    refreshBalance: (ns?: ChainNamespace) => refreshBalance(ctx, ns),
    restore: () => (restoring = restore(ctx)),
    /** Settles once the other tabs' changes received so far are applied. */
    synced: () => sync.idle(),
    destroy() {
      sync.stop()
      ownChannel?.close()
      for (const stop of ctx.unwatch.values()) stop()
      ctx.unwatch.clear()
    },
  }
}

export type Connection = ReturnType<typeof createConnection>
