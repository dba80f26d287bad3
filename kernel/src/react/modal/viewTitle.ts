import type { ViewEntry } from '@portico/contracts/plugin'
import type { RootState } from '../../store/index.js'

/**
 * The header title of a view: its entry's `title` (an i18n key, a literal, or a function of the view data and
 * the state), translated. A title function that throws gives no title rather than a broken header. With
 * `field: 'label'`, the same for the entry's `label` (the dialog's accessible name when it differs).
 */
export function resolveViewTitle(
  entry: ViewEntry | undefined,
  data: unknown,
  state: RootState,
  t: (key: string) => string,
  field: 'title' | 'label' = 'title',
): string {
  const title = entry?.[field]
  if (title === undefined) return ''
  try {
    const raw = typeof title === 'function' ? (title as (data: unknown, state: RootState) => string)(data, state) : title
    return raw ? t(raw) : ''
  } catch {
    return ''
  }
}
