import { z } from 'zod'
import { AccountTypeSchema, ChainIdSchema, ChainNamespaceSchema, EmailSchema } from './common.js'

/** An account of the embedded wallet as the login frame lists it. */
export const UserAccountSchema = z.object({
  address: z.string().min(1),
  type: z.enum(['eoa', 'smartAccount']),
})

/** The signed-in user as the login frame reports it. */
export const UserSchema = z.object({
  email: EmailSchema.nullish(),
  address: z.string().min(1),
  chainId: ChainIdSchema,
  accounts: z.array(UserAccountSchema).optional(),
  userName: z.string().nullish(),
  smartAccountDeployed: z.boolean().optional(),
  preferredAccountType: AccountTypeSchema.optional(),
})

/** One account of a connection (e.g. Bitcoin payment and ordinal accounts). */
export const AccountRecordSchema = z.object({
  namespace: ChainNamespaceSchema,
  address: z.string().min(1),
  type: AccountTypeSchema,
  publicKey: z.string().optional(),
  path: z.string().optional(),
})

/** Name, icon and kind of the wallet behind the connection. */
export const ConnectedWalletInfoSchema = z.object({
  name: z.string(),
  icon: z.string().optional(),
  type: z.string().optional(),
})

export type UserAccount = z.infer<typeof UserAccountSchema>
export type User = z.infer<typeof UserSchema>
export type AccountRecord = z.infer<typeof AccountRecordSchema>
export type ConnectedWalletInfo = z.infer<typeof ConnectedWalletInfoSchema>
