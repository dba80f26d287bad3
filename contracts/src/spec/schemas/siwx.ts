import { z } from 'zod'
import { CaipNetworkIdSchema } from './common.js'

const DateTimeSchema = z.iso.datetime({ offset: true })

/** The fields of a sign-in-with-X message (CAIP-122); dates are ISO 8601 with offset. */
export const SignInMessageSchema = z.object({
  chainId: CaipNetworkIdSchema,
  accountAddress: z.string().min(1),
  nonce: z.string().min(1),
  domain: z.string().min(1),
  uri: z.string().min(1),
  version: z.literal('1'),
  statement: z.string().optional(),
  resources: z.array(z.string()).optional(),
  requestId: z.string().optional(),
  issuedAt: DateTimeSchema.optional(),
  expirationTime: DateTimeSchema.optional(),
  notBefore: DateTimeSchema.optional(),
  serializedMessage: z.string().optional(),
})

/** A CACAO (CAIP-74) object capability: header, payload and signature. */
export const CacaoSchema = z.object({
  h: z.object({ t: z.literal('caip122') }),
  p: z.object({
    domain: z.string(),
    aud: z.string(),
    nonce: z.string(),
    iss: z.string(),
    version: z.string().optional(),
    iat: z.string().optional(),
    nbf: z.string().optional(),
    exp: z.string().optional(),
    statement: z.string().optional(),
    requestId: z.string().optional(),
    resources: z.array(z.string()).optional(),
  }),
  s: z.object({ t: z.string(), s: z.string(), m: z.string().optional() }),
})

/** A sign-in session: the message data, the text that was signed and its signature. */
export const SessionSchema = z.object({
  data: SignInMessageSchema,
  message: z.string().min(1),
  signature: z.string().min(1),
  cacao: CacaoSchema.optional(),
})

export type SignInMessage = z.infer<typeof SignInMessageSchema>
export type Cacao = z.infer<typeof CacaoSchema>
export type Session = z.infer<typeof SessionSchema>
