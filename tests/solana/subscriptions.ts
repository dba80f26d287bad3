/**
 * The subscription websocket: the subset `@solana/kit`'s `sendAndConfirmTransactionFactory` and wallets use —
 * `signatureSubscribe` (one notification, then the subscription ends, as on a validator), `accountSubscribe`
 * (on every change of the account), `slotSubscribe` (every block), and their unsubscribes. Requests are JSON-RPC
 * like the HTTP side; notifications are `{ method: '<kind>Notification', params: { result, subscription } }`.
 */
import type { WebSocket } from 'ws'
import { z } from 'zod'
import { isAddress, isSignature, type Address } from '@solana/kit'
import { RPC_ERROR } from './errors.ts'
import { encodeAccount, type AccountEncoding } from './encode.ts'
import { stringifyJson } from './json.ts'
import type { Ledger, StoredTransaction } from './ledger.ts'

type Subscription =
  | { kind: 'signature'; signature: string; received: boolean }
  | { kind: 'account'; address: Address; encoding: AccountEncoding; last: string }
  | { kind: 'slot' }

const commitment = z.enum(['processed', 'confirmed', 'finalized']).optional()
const schemas = {
  signatureSubscribe: z.tuple([
    z.string().refine(isSignature, { message: 'not a base58 signature' }),
    z.object({ commitment, enableReceivedNotification: z.boolean().optional() }).optional(),
  ]),
  accountSubscribe: z.tuple([
    z.string().refine(isAddress, { message: 'not a base58 public key' }),
    z.object({ commitment, encoding: z.enum(['base58', 'base64', 'jsonParsed']).optional() }).optional(),
  ]),
  slotSubscribe: z.tuple([]),
  signatureUnsubscribe: z.tuple([z.number().int()]),
  accountUnsubscribe: z.tuple([z.number().int()]),
  slotUnsubscribe: z.tuple([z.number().int()]),
}

const requestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  method: z.string(),
  params: z.unknown().optional(),
})

/**
 * Serves subscriptions for a ledger; `attach(socket)` for each websocket connection, `close()` to stop listening.
 *
 * @example
 * const subscriptions = createSubscriptions(ledger)
 * wss.on('connection', (socket) => subscriptions.attach(socket))
 */
export function createSubscriptions(ledger: Ledger) {
  const sockets = new Map<WebSocket, Map<number, Subscription>>()
  let nextId = 0

  const send = (socket: WebSocket, message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(stringifyJson(message))
  }
  const notify = (socket: WebSocket, method: string, subscription: number, result: unknown) =>
    send(socket, { jsonrpc: '2.0', method, params: { result, subscription } })
  const context = () => ({ slot: ledger.slot })
  const accountJson = (sub: { address: Address; encoding: AccountEncoding }) => {
    const account = encodeAccount(ledger.getAccount(sub.address), sub.encoding, ledger.decimalsOf)
    // a closed account shows as empty and owned by the system program, as a validator sends it
    return account ?? { data: sub.encoding === 'jsonParsed' || sub.encoding === 'base64' ? ['', 'base64'] : ['', 'base58'], executable: false, lamports: 0n, owner: '11111111111111111111111111111111', rentEpoch: 0n, space: 0 }
  }

  const signatureResult = (tx: StoredTransaction) => ({ context: { slot: tx.slot }, value: { err: tx.err } })

  const onTransaction = (tx: StoredTransaction) => {
    for (const [socket, subs] of sockets) {
      for (const [id, sub] of subs) {
        if (sub.kind !== 'signature' || sub.signature !== tx.signature) continue
        if (sub.received) notify(socket, 'signatureNotification', id, { context: { slot: tx.slot }, value: 'receivedSignature' })
        notify(socket, 'signatureNotification', id, signatureResult(tx))
        subs.delete(id)
      }
    }
  }
  const onAccounts = (addresses: Address[]) => {
    const touched = new Set<string>(addresses)
    for (const [socket, subs] of sockets) {
      for (const [id, sub] of subs) {
        if (sub.kind !== 'account' || !touched.has(sub.address)) continue
        const value = accountJson(sub)
        const text = stringifyJson(value)
        if (text === sub.last) continue
        sub.last = text
        notify(socket, 'accountNotification', id, { context: context(), value })
      }
    }
  }
  const onSlot = (slot: { slot: bigint; parent: bigint; root: bigint }) => {
    for (const [socket, subs] of sockets) {
      for (const [id, sub] of subs) if (sub.kind === 'slot') notify(socket, 'slotNotification', id, slot)
    }
  }
  ledger.on('transaction', onTransaction)
  ledger.on('accounts', onAccounts)
  ledger.on('slot', onSlot)

  const answer = (socket: WebSocket, id: string | number | null, result: unknown) => send(socket, { jsonrpc: '2.0', id, result })
  const fail = (socket: WebSocket, id: string | number | null, code: number, message: string) =>
    send(socket, { jsonrpc: '2.0', id, error: { code, message } })

  function onMessage(socket: WebSocket, subs: Map<number, Subscription>, text: string) {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return fail(socket, null, RPC_ERROR.parse, 'Parse error')
    }
    const request = requestSchema.safeParse(body)
    if (!request.success) return fail(socket, null, RPC_ERROR.invalidRequest, 'Invalid request')
    const { method, params } = request.data
    const id = request.data.id ?? null
    // kit's keep-alive ping carries no id and wants no answer
    if (method === 'ping' && request.data.id === undefined) return
    if (!Object.hasOwn(schemas, method)) return fail(socket, id, RPC_ERROR.methodNotFound, 'Method not found')
    const parsed = schemas[method as keyof typeof schemas].safeParse(params ?? [])
    if (!parsed.success) {
      const detail = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ')
      return fail(socket, id, RPC_ERROR.invalidParams, `Invalid params: ${detail}`)
    }
    if (method.endsWith('Unsubscribe')) {
      const [subscription] = parsed.data as [number]
      const kind = method.replace('Unsubscribe', '')
      if (subs.get(subscription)?.kind !== kind) return fail(socket, id, RPC_ERROR.invalidParams, 'Invalid subscription id.')
      subs.delete(subscription)
      return answer(socket, id, true)
    }
    const subscription = nextId++
    if (method === 'slotSubscribe') {
      subs.set(subscription, { kind: 'slot' })
      return answer(socket, id, subscription)
    }
    if (method === 'accountSubscribe') {
      const [address, config] = parsed.data as [Address, { encoding?: AccountEncoding } | undefined]
      const sub = { kind: 'account' as const, address, encoding: config?.encoding ?? 'base58', last: '' }
      sub.last = stringifyJson(accountJson(sub))
      subs.set(subscription, sub)
      return answer(socket, id, subscription)
    }
    const [signature, config] = parsed.data as unknown as [string, { enableReceivedNotification?: boolean } | undefined]
    answer(socket, id, subscription)
    const landed = ledger.getTransaction(signature)
    // already final: tell at once (a validator would wait for a later block; the local chain is final on landing)
    if (landed) return notify(socket, 'signatureNotification', subscription, signatureResult(landed))
    subs.set(subscription, { kind: 'signature', signature, received: config?.enableReceivedNotification ?? false })
  }

  return {
    attach(socket: WebSocket) {
      const subs = new Map<number, Subscription>()
      sockets.set(socket, subs)
      socket.on('message', (data) => onMessage(socket, subs, data.toString()))
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => sockets.delete(socket))
    },
    close() {
      ledger.off('transaction', onTransaction)
      ledger.off('accounts', onAccounts)
      ledger.off('slot', onSlot)
      for (const socket of sockets.keys()) socket.terminate()
      sockets.clear()
    },
  }
}
