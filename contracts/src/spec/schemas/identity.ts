import { z } from 'zod'

/** Name and avatar resolved for an address. */
export const IdentitySchema = z.object({ name: z.string().nullable(), avatar: z.string().nullable() })

/** A suggested account name; `registered` tells whether it is taken. */
export const NameSuggestionSchema = z.object({ name: z.string(), registered: z.boolean().optional() })

/** State of the name service: current suggestions and whether a request is running. */
export const NameServiceStateSchema = z.object({ suggestions: z.array(NameSuggestionSchema), loading: z.boolean() })

export type Identity = z.infer<typeof IdentitySchema>
export type NameSuggestion = z.infer<typeof NameSuggestionSchema>
export type NameServiceState = z.infer<typeof NameServiceStateSchema>
