import { z } from 'zod'
import { UserAccountSchema, UserSchema } from './schemas/account.js'
import { CallBatchRequestSchema, EthTransactionRequestSchema } from './schemas/calls.js'
import {
  AccountTypeSchema,
  ChainIdSchema,
  ChainNamespaceSchema,
  EmailSchema,
  EvmAddressSchema,
  SocialProviderSchema,
} from './schemas/common.js'
import { SignInMessageSchema } from './schemas/siwx.js'
import { ThemeSyncSchema } from './schemas/theme.js'

// Messages between the app and the embedded-wallet login frame (reference/login-frame.md §2.2). Names and shapes
// follow the incumbent so flows map one to one; the incumbent's gaps (no INIT_SMART_ACCOUNT_SUCCESS, no RPC_ABORT
// replies) are closed. Events without a payload ignore one if sent.

/** Prefix of app → frame event types. */
export const FRAME_APP_EVENT_PREFIX = '@w3m-app/'
/** Prefix of frame → app event types. */
export const FRAME_EVENT_PREFIX = '@w3m-frame/'

const IdSchema = z.string().min(1)

/** Error payload of a frame reply; without a message the app shows `An error occurred`. */
export const FrameErrorPayloadSchema = z.object({ message: z.string().optional() })

type Id = typeof IdSchema
type AppEventSchema<N extends string> = z.ZodObject<{ id: Id; type: z.ZodLiteral<`@w3m-app/${N}`> }>
type AppEventWithSchema<N extends string, P extends z.ZodType> = z.ZodObject<{ id: Id; type: z.ZodLiteral<`@w3m-app/${N}`>; payload: P }>
type SuccessSchema<N extends string> = z.ZodObject<{ id: Id; type: z.ZodLiteral<`@w3m-frame/${N}_SUCCESS`> }>
type SuccessWithSchema<N extends string, P extends z.ZodType> = z.ZodObject<{
  id: Id
  type: z.ZodLiteral<`@w3m-frame/${N}_SUCCESS`>
  payload: P
}>
type ErrorSchema<N extends string> = z.ZodObject<{
  id: Id
  type: z.ZodLiteral<`@w3m-frame/${N}_ERROR`>
  payload: typeof FrameErrorPayloadSchema
}>

function appEvent<const N extends string>(name: N): AppEventSchema<N>
function appEvent<const N extends string, P extends z.ZodType>(name: N, payload: P): AppEventWithSchema<N, P>
function appEvent(name: string, payload?: z.ZodType) {
  const type = z.literal(`${FRAME_APP_EVENT_PREFIX}${name}`)
  return payload ? z.object({ id: IdSchema, type, payload }) : z.object({ id: IdSchema, type })
}

function replies<const N extends string>(name: N): readonly [SuccessSchema<N>, ErrorSchema<N>]
function replies<const N extends string, P extends z.ZodType>(
  name: N,
  success: P,
): readonly [SuccessWithSchema<N, P>, ErrorSchema<N>]
function replies(name: string, success?: z.ZodType) {
  const type = z.literal(`${FRAME_EVENT_PREFIX}${name}_SUCCESS`)
  return [
    success ? z.object({ id: IdSchema, type, payload: success }) : z.object({ id: IdSchema, type }),
    z.object({ id: IdSchema, type: z.literal(`${FRAME_EVENT_PREFIX}${name}_ERROR`), payload: FrameErrorPayloadSchema }),
  ] as const
}

// --- Payloads ---

const RpcUrlSchema = z.string().min(1)
const OtpSchema = z.object({ otp: z.string() })

/** The SIWX message the frame signs during social login or GET_USER. */
export const FrameSiwxMessageSchema = SignInMessageSchema

/** Sign-in data the frame may return with a user. */
const SignedUserFields = {
  signature: z.string().optional(),
  message: z.string().optional(),
  siwxMessage: FrameSiwxMessageSchema.optional(),
}

/** SWITCH_NETWORK request. */
export const FrameSwitchNetworkSchema = z.object({ chainId: ChainIdSchema, rpcUrl: RpcUrlSchema.optional() })
/** CONNECT_EMAIL request. */
export const FrameConnectEmailSchema = z.object({ email: EmailSchema })
/** CONNECT_EMAIL reply: what the visitor must do next. */
export const FrameConnectEmailSuccessSchema = z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) })
/** CONNECT_SOCIAL request: `uri` is the result uri the social popup posted back. */
export const FrameConnectSocialSchema = z.object({
  uri: z.string().min(1),
  preferredAccountType: AccountTypeSchema.optional(),
  chainId: ChainIdSchema.optional(),
  siwxMessage: FrameSiwxMessageSchema.optional(),
  rpcUrl: RpcUrlSchema.optional(),
})
/** CONNECT_SOCIAL reply. */
export const FrameConnectSocialSuccessSchema = z.object({
  email: EmailSchema.nullish(),
  address: z.string().min(1),
  chainId: ChainIdSchema,
  accounts: z.array(UserAccountSchema).optional(),
  userName: z.string().nullish(),
  preferredAccountType: AccountTypeSchema.optional(),
  ...SignedUserFields,
})
/** GET_USER request (all optional). */
export const FrameGetUserSchema = z.object({
  chainId: ChainIdSchema.optional(),
  preferredAccountType: AccountTypeSchema.optional(),
  socialUri: z.string().optional(),
  siwxMessage: FrameSiwxMessageSchema.optional(),
  rpcUrl: RpcUrlSchema.optional(),
})
/** GET_USER reply. */
export const FrameGetUserSuccessSchema = UserSchema.extend(SignedUserFields)
/** SET_PREFERRED_ACCOUNT reply. */
export const FrameSetPreferredAccountSuccessSchema = z.object({ type: AccountTypeSchema, address: z.string().min(1) })
/** SYNC_DAPP_DATA request. */
export const FrameSyncDappDataSchema = z.object({
  metadata: z
    .object({ name: z.string(), description: z.string(), url: z.string(), icons: z.array(z.string()) })
    .optional(),
  sdkVersion: z.string().optional(),
  sdkType: z.enum(['w3m', 'appkit', 'portico']).optional(),
  projectId: z.string().min(1),
})

const rpc = <const M extends string, P extends z.ZodType>(method: M, params: P) =>
  z.object({
    method: z.literal(method),
    params,
    chainId: ChainIdSchema.optional(),
    chainNamespace: ChainNamespaceSchema.optional(),
    rpcUrl: RpcUrlSchema.optional(),
  })

/** RPC requests whose params the frame checks before showing them for approval. */
const TypedRpcRequestSchemas = [
  rpc('personal_sign', z.tuple([z.string(), EvmAddressSchema])),
  rpc('eth_signTypedData_v4', z.tuple([EvmAddressSchema, z.union([z.string(), z.record(z.string(), z.unknown())])])),
  rpc('eth_sendTransaction', z.tuple([EthTransactionRequestSchema])),
  rpc('wallet_sendCalls', z.tuple([CallBatchRequestSchema])),
  rpc('wallet_getCallsStatus', z.tuple([z.string().min(1)])),
  rpc('solana_signMessage', z.object({ message: z.string(), pubkey: z.string() })),
  rpc('solana_signTransaction', z.object({ transaction: z.string() })),
  rpc('solana_signAllTransactions', z.object({ transactions: z.array(z.string()) })),
  rpc('solana_signAndSendTransaction', z.object({ transaction: z.string(), options: z.unknown().optional() })),
] as const

const typedMethods: ReadonlySet<string> = new Set(TypedRpcRequestSchemas.map((s) => s.shape.method.value))

/** RPC_REQUEST payload: typed params for signing methods, any params for the rest. */
export const FrameRpcRequestSchema = z.union([
  ...TypedRpcRequestSchemas,
  z.object({
    method: z.string().min(1).refine((m) => !typedMethods.has(m), { error: 'Invalid params for this method' }),
    params: z.unknown().optional(),
    chainId: ChainIdSchema.optional(),
    chainNamespace: ChainNamespaceSchema.optional(),
    rpcUrl: RpcUrlSchema.optional(),
  }),
])

// --- Unions ---

/** Every message the app sends to the login frame. */
export const FrameAppEventSchema = z.discriminatedUnion('type', [
  appEvent('SWITCH_NETWORK', FrameSwitchNetworkSchema),
  appEvent('CONNECT_EMAIL', FrameConnectEmailSchema),
  appEvent('CONNECT_DEVICE'),
  appEvent('CONNECT_OTP', OtpSchema),
  appEvent('CONNECT_SOCIAL', FrameConnectSocialSchema),
  // returnUrl (a Portico addition): the app page to come back to when no popup can be used (the redirect flow)
  appEvent('GET_SOCIAL_REDIRECT_URI', z.object({ provider: SocialProviderSchema, returnUrl: z.string().url().max(2048).optional() })),
  appEvent('GET_FARCASTER_URI'),
  appEvent('CONNECT_FARCASTER'),
  appEvent('GET_USER', FrameGetUserSchema.optional()),
  appEvent('SIGN_OUT'),
  appEvent('IS_CONNECTED', z.object({ token: z.string().min(1) }).optional()),
  appEvent('GET_CHAIN_ID'),
  appEvent('GET_SMART_ACCOUNT_ENABLED_NETWORKS'),
  appEvent('INIT_SMART_ACCOUNT'),
  appEvent('SET_PREFERRED_ACCOUNT', z.object({ type: AccountTypeSchema })),
  appEvent('RPC_REQUEST', FrameRpcRequestSchema),
  appEvent('RPC_ABORT'),
  appEvent('UPDATE_EMAIL', z.object({ email: EmailSchema })),
  appEvent('UPDATE_EMAIL_PRIMARY_OTP', OtpSchema),
  appEvent('UPDATE_EMAIL_SECONDARY_OTP', OtpSchema),
  appEvent('SYNC_THEME', ThemeSyncSchema),
  appEvent('SYNC_DAPP_DATA', FrameSyncDappDataSchema),
  appEvent('RELOAD'),
])

/** Every message the login frame sends to the app: a reply per request, plus READY and SESSION_UPDATE. */
export const FrameEventSchema = z.discriminatedUnion('type', [
  // Unsolicited: nothing to match, so the id is optional.
  z.object({
    id: IdSchema.optional(),
    type: z.literal(`${FRAME_EVENT_PREFIX}READY`),
    payload: z.object({ version: z.string().optional() }).optional(),
  }),
  z.object({
    id: IdSchema.optional(),
    type: z.literal(`${FRAME_EVENT_PREFIX}SESSION_UPDATE`),
    payload: z.object({ token: z.string().min(1) }),
  }),
  ...replies('SWITCH_NETWORK', z.object({ chainId: ChainIdSchema })),
  ...replies('CONNECT_EMAIL', FrameConnectEmailSuccessSchema),
  ...replies('CONNECT_DEVICE'),
  ...replies('CONNECT_OTP'),
  ...replies('CONNECT_SOCIAL', FrameConnectSocialSuccessSchema),
  ...replies('GET_SOCIAL_REDIRECT_URI', z.object({ uri: z.string().min(1) })),
  ...replies('GET_FARCASTER_URI', z.object({ url: z.string().min(1) })),
  ...replies('CONNECT_FARCASTER', z.object({ userName: z.string() })),
  ...replies('GET_USER', FrameGetUserSuccessSchema),
  ...replies('SIGN_OUT'),
  ...replies('IS_CONNECTED', z.object({ isConnected: z.boolean() })),
  ...replies('GET_CHAIN_ID', z.object({ chainId: ChainIdSchema })),
  ...replies(
    'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
    z.object({ smartAccountEnabledNetworks: z.array(z.number().int().positive()) }),
  ),
  ...replies('INIT_SMART_ACCOUNT', z.object({ address: z.string().min(1), isDeployed: z.boolean() })),
  ...replies('SET_PREFERRED_ACCOUNT', FrameSetPreferredAccountSuccessSchema),
  ...replies('RPC_REQUEST', z.unknown()),
  ...replies('RPC_ABORT'),
  ...replies('UPDATE_EMAIL', z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) })),
  ...replies('UPDATE_EMAIL_PRIMARY_OTP'),
  ...replies('UPDATE_EMAIL_SECONDARY_OTP', z.object({ newEmail: EmailSchema })),
  ...replies('SYNC_THEME'),
  ...replies('SYNC_DAPP_DATA'),
  ...replies('RELOAD'),
])

export type FrameSwitchNetwork = z.infer<typeof FrameSwitchNetworkSchema>
export type FrameConnectEmail = z.infer<typeof FrameConnectEmailSchema>
export type FrameConnectEmailSuccess = z.infer<typeof FrameConnectEmailSuccessSchema>
export type FrameConnectSocial = z.infer<typeof FrameConnectSocialSchema>
export type FrameConnectSocialSuccess = z.infer<typeof FrameConnectSocialSuccessSchema>
export type FrameGetUser = z.infer<typeof FrameGetUserSchema>
export type FrameGetUserSuccess = z.infer<typeof FrameGetUserSuccessSchema>
export type FrameSetPreferredAccountSuccess = z.infer<typeof FrameSetPreferredAccountSuccessSchema>
export type FrameSyncDappData = z.infer<typeof FrameSyncDappDataSchema>
export type FrameRpcRequest = z.infer<typeof FrameRpcRequestSchema>
export type FrameErrorPayload = z.infer<typeof FrameErrorPayloadSchema>
/** A message the app sends to the login frame. */
export type FrameAppEvent = z.infer<typeof FrameAppEventSchema>
/** A message the login frame sends to the app. */
export type FrameEvent = z.infer<typeof FrameEventSchema>
type RequestNameOf<T> = T extends `@w3m-app/${infer N}` ? N : never
type PayloadOf<E> = E extends unknown ? ('payload' extends keyof E ? E['payload'] : undefined) : never

/** The name of a request the app can make, e.g. `GET_USER`. */
export type FrameRequestName = RequestNameOf<FrameAppEvent['type']>
/** The payload of request `N` (undefined when it takes none). */
export type FrameRequestPayload<N extends FrameRequestName> = PayloadOf<
  Extract<FrameAppEvent, { type: `@w3m-app/${N}` }>
>
/** The success payload of request `N` (undefined when the reply carries none). */
export type FrameSuccessPayload<N extends FrameRequestName> = PayloadOf<
  Extract<FrameEvent, { type: `@w3m-frame/${N}_SUCCESS` }>
>
