import { z } from 'zod'
import { ChainNamespaceSchema } from './common.js'

/**
 * How a connector reaches its wallet. The spec names AUTH (embedded wallet), MULTI_CHAIN and ANNOUNCED (EIP-6963);
 * a connector list also needs INJECTED (window.ethereum), WALLET_CONNECT and EXTERNAL (host-provided).
 */
export const ConnectorTypeSchema = z.enum([
  'AUTH',
  'MULTI_CHAIN',
  'ANNOUNCED',
  'INJECTED',
  'WALLET_CONNECT',
  'EXTERNAL',
])

/** A connector as the store and the Connect view hold it: plain data, no provider object. */
export const ConnectorInfoSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  imageUrl: z.string().optional(),
  imageId: z.string().optional(),
  chain: ChainNamespaceSchema,
  type: ConnectorTypeSchema,
  explorerId: z.string().optional(),
  info: z.object({ rdns: z.string().optional() }).optional(),
})

// The type names `ConnectorType` and `Connector` belong to the plugin contract (the live connector object);
// these are the serializable store shapes.
export type ConnectorTypeValue = z.infer<typeof ConnectorTypeSchema>
export type ConnectorInfo = z.infer<typeof ConnectorInfoSchema>
