import { formatFungibleAmount, OPERATION_TYPES, truncateAddress } from '@portico/contracts/spec'
import type { Transaction, TransactionTransfer } from './schemas.js'

/** Operation types with a title of their own; others are shown by name. */
export const KNOWN_OPERATIONS = OPERATION_TYPES

/** The i18n key of a transaction's title, or `undefined` for an operation the modal has no title for. */
export function operationKey(operationType: string): string | undefined {
  return (KNOWN_OPERATIONS as readonly string[]).includes(operationType) ? `history.op.${operationType}` : undefined
}

/** An operation type the modal has no title for, made readable: `bridge_out` → `Bridge out`. */
export function operationFallback(operationType: string): string {
  const words = operationType.replace(/[_-]+/g, ' ').trim()
  return words ? words[0]!.toUpperCase() + words.slice(1) : '?'
}

/**
 * What moved in one transfer: a fungible amount with 3 decimals and the sign of the operation (SPEC §5), followed
 * by the token symbol; an NFT by its name.
 */
export function transferLabel(transfer: TransactionTransfer, operationType: string, locale?: string): string {
  if (transfer.nft_info) return transfer.nft_info.name || 'NFT'
  const amount = formatFungibleAmount(transfer.quantity.numeric, operationType, transfer.direction, locale)
  const symbol = transfer.fungible_info?.symbol ?? transfer.fungible_info?.name ?? ''
  return symbol ? `${amount} ${symbol}` : amount
}

/** The transfers of a transaction as one line (the first two; a trade reads "-1.000 ETH · +2,000 USDC"). */
export function transfersLabel(tx: Transaction, locale?: string): string | undefined {
  const transfers = (tx.transfers ?? []).filter((t) => !t.nft_info?.flags.is_spam)
  if (transfers.length === 0) return undefined
  return transfers
    .slice(0, 2)
    .map((t) => transferLabel(t, tx.metadata.operationType, locale))
    .join(' · ')
}

/** The counterparty of a transfer-less transaction (a contract call): "to 0x12…345678". */
export function counterparty(tx: Transaction, own: string): string {
  const other = tx.metadata.sentFrom.toLowerCase() === own.toLowerCase() ? tx.metadata.sentTo : tx.metadata.sentFrom
  return truncateAddress(other)
}

/**
 * The picture of a transaction: its NFT's preview or its token's icon, and the name a monogram falls back to;
 * `moved` is false when no shown transfer moved anything (a contract call), which the list draws as a direction.
 */
export function transactionImage(tx: Transaction): { url?: string; name: string; nft: boolean; moved: boolean } {
  const transfers = (tx.transfers ?? []).filter((t) => !t.nft_info?.flags.is_spam)
  const nft = transfers.find((t) => t.nft_info)
  if (nft?.nft_info) {
    const url = nft.nft_info.content?.preview?.url ?? nft.nft_info.content?.detail?.url ?? undefined
    return { ...(url ? { url } : {}), name: nft.nft_info.name || 'NFT', nft: true, moved: true }
  }
  const fungible = transfers.find((t) => t.fungible_info)?.fungible_info
  const url = fungible?.icon?.url ?? undefined
  return { ...(url ? { url } : {}), name: fungible?.symbol || fungible?.name || tx.metadata.operationType, nft: false, moved: transfers.length > 0 }
}
