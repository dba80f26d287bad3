import { z } from 'zod'
import {
  AccountTypeSchema,
  CaipAddressSchema,
  ChainIdSchema,
  ChainNamespaceSchema,
  ConnectionStatusSchema,
  EmailSchema,
  SocialProviderSchema,
} from './common.js'
import { TokenBalanceSchema } from './token.js'

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

/** Account state of one chain namespace. `currentTab` indexes Tokens (0), NFTs (1), Activity (2). */
export const AccountStateSchema = z.object({
  caipAddress: CaipAddressSchema.optional(),
  address: z.string().optional(),
  status: ConnectionStatusSchema.optional(),
  balance: z.string().optional(),
  balanceSymbol: z.string().optional(),
  profileName: z.string().nullish(),
  profileImage: z.string().nullish(),
  user: UserSchema.optional(),
  addressExplorerUrl: z.string().optional(),
  smartAccountDeployed: z.boolean().optional(),
  currentTab: z.number().int().min(0).max(2),
  tokenBalance: z.array(TokenBalanceSchema).optional(),
  allAccounts: z.array(AccountRecordSchema),
  preferredAccountType: AccountTypeSchema.optional(),
  socialProvider: SocialProviderSchema.optional(),
  connectedWalletInfo: ConnectedWalletInfoSchema.optional(),
  farcasterUrl: z.string().optional(),
  addressLabels: z.record(z.string(), z.string()),
})

export type UserAccount = z.infer<typeof UserAccountSchema>
export type User = z.infer<typeof UserSchema>
export type AccountRecord = z.infer<typeof AccountRecordSchema>
export type ConnectedWalletInfo = z.infer<typeof ConnectedWalletInfoSchema>
export type AccountState = z.infer<typeof AccountStateSchema>
