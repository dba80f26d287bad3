/**
 * A replica that freezes inside its indexer transaction, for the multi-replica test: opens the database as the api
 * does (same pool settings), locks the chain's progress row as an indexer step would, prints `locked`, and then
 * does nothing. The test stops it with SIGSTOP (a paused container) and expects the others to keep indexing.
 *
 * Usage: node --conditions=source --import tsx frozen-replica.ts <databaseUrl> <chainId> <idleInTransactionMs>
 */
import { openPostgres } from '../db/postgres.js'

const [url, chainId, idleMs] = process.argv.slice(2)
const db = await openPostgres(url, { timeouts: { idleInTransactionMs: Number(idleMs) } })
await db.transaction(async (tx) => {
  await tx.query('select * from indexer_state where chain_id = $1 for update', [chainId])
  console.log('locked')
  await new Promise(() => {}) // frozen: never commits
})
