import { z } from 'zod'

/** Light or dark theme. */
export const ThemeModeSchema = z.enum(['light', 'dark'])

/** CSS theme variables by name. */
export const ThemeVariablesSchema = z.record(z.string(), z.union([z.string(), z.number()]))

/** Theme sent to the login frame so that its UI matches the modal. */
export const ThemeSyncSchema = z.object({
  themeMode: ThemeModeSchema.optional(),
  themeVariables: ThemeVariablesSchema.optional(),
  w3mThemeVariables: z.record(z.string(), z.string()).optional(),
})

export type ThemeMode = z.infer<typeof ThemeModeSchema>
export type ThemeVariables = z.infer<typeof ThemeVariablesSchema>
export type ThemeSync = z.infer<typeof ThemeSyncSchema>
