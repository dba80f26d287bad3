/**
 * What AllWallets announces to screen readers (a polite live region) once a search has answered: how many wallets
 * matched, or that none did. The texts are the plugin's messages (`wallets.results.count.<plural form>`, chosen by the locale rules).
 */
type Translate = (key: string, params?: Record<string, string | number>) => string

/** The live region's text for a search that answered with `count` wallets (the "no wallet found" title for 0). */
export function searchAnnouncement(t: Translate, count: number): string {
  if (count === 0) return t('wallets.search.empty.title')
  return t('wallets.results.count', { count })
}
