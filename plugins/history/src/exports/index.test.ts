import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "HistoryPageSchema",
      "KNOWN_OPERATIONS",
      "TransactionSchema",
      "TransactionTransferSchema",
      "activityTab",
      "counterparty",
      "createHistoryApi",
      "default",
      "history",
      "historyDeps",
      "historyKey",
      "historyMessages",
      "historySlice",
      "historyTarget",
      "initialHistoryState",
      "loadMoreTransactions",
      "loadTransactions",
      "operationFallback",
      "operationKey",
      "selectHistory",
      "transactionImage",
      "transferLabel",
      "transfersLabel",
      "visibleTransactions",
    ]
  `)
})
