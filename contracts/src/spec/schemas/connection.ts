import { z } from 'zod'
import { ConnectionStatusSchema } from './common.js'
import { WalletListingSchema } from './wallet.js'

/** Wallet-connect pairing and connection state; `wcPairingExpiry` is epoch milliseconds. */
export const ConnectionStateSchema = z.object({
  wcUri: z.string().optional(),
  wcPairingExpiry: z.number().optional(),
  wcLinking: z.object({ href: z.string(), name: z.string() }).optional(),
  recentWallet: WalletListingSchema.optional(),
  status: ConnectionStatusSchema.optional(),
})

export type ConnectionState = z.infer<typeof ConnectionStateSchema>
