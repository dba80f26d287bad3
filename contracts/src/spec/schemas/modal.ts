import { z } from 'zod'
import { ChainNamespaceSchema } from './common.js'

/** Modal state; `loadingNamespaceMap` marks namespaces still syncing. */
export const ModalStateSchema = z.object({
  loading: z.boolean(),
  open: z.boolean(),
  shake: z.boolean(),
  namespace: ChainNamespaceSchema.optional(),
  loadingNamespaceMap: z.partialRecord(ChainNamespaceSchema, z.boolean()),
})

export type ModalState = z.infer<typeof ModalStateSchema>
