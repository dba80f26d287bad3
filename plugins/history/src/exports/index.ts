export { activityTab, default, history, historyDeps } from '../plugin.js'
export { historySlice, initialHistoryState, selectHistory, type HistoryState } from '../slice.js'
export {
  HistoryPageSchema,
  historyKey,
  historyTarget,
  loadMoreTransactions,
  loadTransactions,
  visibleTransactions,
  type HistoryDeps,
  type HistoryPage,
  type HistoryTarget,
} from '../transactions.js'
export { counterparty, KNOWN_OPERATIONS, operationFallback, operationKey, transactionImage, transferLabel, transfersLabel } from '../display.js'
export { historyMessages } from '../messages.js'
export { createHistoryApi, type HistoryApi } from '../api.js'
export { TransactionSchema, TransactionTransferSchema, type Transaction, type TransactionTransfer } from '../schemas.js'
