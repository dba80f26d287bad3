// Internal to the spec's formatters (not exported from the package).

/** English (or no locale) keeps the spec's exact en-US forms; any other locale writes numbers its own way. */
export const isEnglish = (locale: string | undefined) => !locale || /^en(-|$)/i.test(locale)

const formats = new Map<string, Intl.NumberFormat>()
/** One cached `Intl.NumberFormat` per locale and purpose. */
export function numberFormat(locale: string, purpose: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${purpose}`
  let format = formats.get(key)
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, options)))
  return format
}

const FIXED_3: Intl.NumberFormatOptions = { minimumFractionDigits: 3, maximumFractionDigits: 3, useGrouping: false }

/** A fixed 3-decimal string written in the locale's digits and decimal sign (exact: it already has 3 places). */
export const localeFixed3 = (text: string, locale?: string) =>
  isEnglish(locale) ? text : numberFormat(locale!, 'fixed3', FIXED_3).format(text as `${number}`)

