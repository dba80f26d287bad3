import { DEFAULT_CONNECT_METHOD_ORDER } from '@portico/contracts/spec'

/** The Connect view's methods (SPEC §2 order) and the plugin that contributes each. */
export const CONNECT_METHODS = [
  { id: 'email', label: 'Email', plugin: 'email' },
  { id: 'social', label: 'Social logins', plugin: 'socials' },
  { id: 'wallet', label: 'Wallets', plugin: 'connect' },
] as const satisfies readonly { id: (typeof DEFAULT_CONNECT_METHOD_ORDER)[number]; label: string; plugin: string }[]

export type ConnectMethodId = (typeof CONNECT_METHODS)[number]['id']

/** The fonts the composer offers (`fontFamily` theme variable); `system` is the modal's own stack. */
export const FONTS = {
  system: { label: 'System', value: undefined },
  serif: { label: 'Serif', value: "Georgia, 'Times New Roman', serif" },
  rounded: { label: 'Rounded', value: "ui-rounded, 'SF Pro Rounded', 'Nunito', system-ui, sans-serif" },
  mono: { label: 'Monospace', value: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace" },
} as const

export type FontId = keyof typeof FONTS

/** The modal's own values (kernel/src/react/modal/modal.css): a composition that keeps them sets no variable. */
export const THEME_DEFAULTS = { accent: '#1f5fe0', cardRadius: 28, controlRadius: 16, font: 'system' as FontId }
export const CARD_RADIUS_RANGE = { min: 0, max: 40 } as const
export const CONTROL_RADIUS_RANGE = { min: 0, max: 24 } as const

/** What a person composes: everything the page's controls set, and all that the URL hash keeps. */
export type Composition = {
  /** Picked plugins, by manifest name. */
  plugins: string[]
  themeMode: 'light' | 'dark'
  /** `#rrggbb`. */
  accent: string
  cardRadius: number
  controlRadius: number
  font: FontId
  connectMethodsOrder: ConnectMethodId[]
  /** The connect plugin's terms and privacy checkbox (SPEC §9 "legal checkbox", off by default). */
  legal: boolean
  /** The connect plugin's wallets behind one button (SPEC §9 "collapse-wallets", off by default). */
  collapseWallets: boolean
  /** The kernel's `enableNetworkSwitch` (on by default). */
  networkSwitch: boolean
  /** The kernel's `allowUnsupportedChain` (off by default). */
  allowUnsupportedChain: boolean
  /** The modal's language: `en` or a locale of a picked language pack. */
  locale: string
}

/** A first composition: one chain, the browser-wallet connector, the Connect and Account views. */
export const DEFAULT_COMPOSITION: Composition = {
  plugins: ['evm', 'injected', 'connect', 'account'],
  themeMode: 'light',
  accent: THEME_DEFAULTS.accent,
  cardRadius: THEME_DEFAULTS.cardRadius,
  controlRadius: THEME_DEFAULTS.controlRadius,
  font: THEME_DEFAULTS.font,
  connectMethodsOrder: [...DEFAULT_CONNECT_METHOD_ORDER],
  legal: false,
  collapseWallets: false,
  networkSwitch: true,
  allowUnsupportedChain: false,
  locale: 'en',
}

const HEX = /^#[0-9a-f]{6}$/i
const PLUGIN_NAME = /^[a-z][a-z0-9-]*$/
const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/
const METHOD_IDS: readonly string[] = CONNECT_METHODS.map((m) => m.id)

const list = (v: string | null) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean)
const flag = (v: string | null, fallback: boolean) => (v === '1' ? true : v === '0' ? false : fallback)
function intIn(v: string | null, range: { min: number; max: number }, fallback: number) {
  if (v === null || !/^\d{1,3}$/.test(v)) return fallback
  const n = Number(v)
  return n >= range.min && n <= range.max ? n : fallback
}

/** Every method once, in the given order first, the others after in SPEC order. */
export function completeOrder(order: readonly string[]): ConnectMethodId[] {
  const known = [...new Set(order.filter((id) => METHOD_IDS.includes(id)))] as ConnectMethodId[]
  return [...known, ...CONNECT_METHODS.map((m) => m.id).filter((id) => !known.includes(id))]
}

/**
 * The composition a URL hash holds (`#plugins=evm,connect&theme=dark&accent=%23e11d48&…`). Each field is checked
 * on its own: a missing or malformed one keeps its default, so a hand-edited or old link still opens.
 *
 * @example
 * parseHash('#plugins=evm,connect&theme=dark').themeMode // 'dark'
 */
export function parseHash(hash: string): Composition {
  const q = new URLSearchParams(hash.replace(/^#/, ''))
  const d = DEFAULT_COMPOSITION
  const theme = q.get('theme')
  const font = q.get('font')
  const accent = q.get('accent')
  const locale = q.get('locale')
  return {
    plugins: q.has('plugins') ? [...new Set(list(q.get('plugins')).filter((p) => PLUGIN_NAME.test(p)))] : [...d.plugins],
    themeMode: theme === 'dark' || theme === 'light' ? theme : d.themeMode,
    accent: accent && HEX.test(accent) ? accent.toLowerCase() : d.accent,
    cardRadius: intIn(q.get('cardRadius'), CARD_RADIUS_RANGE, d.cardRadius),
    controlRadius: intIn(q.get('controlRadius'), CONTROL_RADIUS_RANGE, d.controlRadius),
    font: font && Object.hasOwn(FONTS, font) ? (font as FontId) : d.font,
    connectMethodsOrder: q.has('order') ? completeOrder(list(q.get('order'))) : [...d.connectMethodsOrder],
    legal: flag(q.get('legal'), d.legal),
    collapseWallets: flag(q.get('collapse'), d.collapseWallets),
    networkSwitch: flag(q.get('networkSwitch'), d.networkSwitch),
    allowUnsupportedChain: flag(q.get('unsupported'), d.allowUnsupportedChain),
    locale: locale && LOCALE.test(locale) ? locale : d.locale,
  }
}

/**
 * The URL hash of a composition (the fields that differ from the defaults, and always the plugins), so a link
 * shares it.
 *
 * @example
 * toHash({ ...DEFAULT_COMPOSITION, themeMode: 'dark' }) // '#plugins=evm,injected,connect,account&theme=dark'
 */
export function toHash(c: Composition): string {
  const d = DEFAULT_COMPOSITION
  const q = new URLSearchParams()
  q.set('plugins', c.plugins.join(','))
  if (c.themeMode !== d.themeMode) q.set('theme', c.themeMode)
  if (c.accent !== d.accent) q.set('accent', c.accent)
  if (c.cardRadius !== d.cardRadius) q.set('cardRadius', String(c.cardRadius))
  if (c.controlRadius !== d.controlRadius) q.set('controlRadius', String(c.controlRadius))
  if (c.font !== d.font) q.set('font', c.font)
  if (c.connectMethodsOrder.join() !== d.connectMethodsOrder.join()) q.set('order', c.connectMethodsOrder.join(','))
  if (c.legal !== d.legal) q.set('legal', c.legal ? '1' : '0')
  if (c.collapseWallets !== d.collapseWallets) q.set('collapse', c.collapseWallets ? '1' : '0')
  if (c.networkSwitch !== d.networkSwitch) q.set('networkSwitch', c.networkSwitch ? '1' : '0')
  if (c.allowUnsupportedChain !== d.allowUnsupportedChain) q.set('unsupported', c.allowUnsupportedChain ? '1' : '0')
  if (c.locale !== d.locale) q.set('locale', c.locale)
  // commas stay readable in the link
  return `#${q.toString().replace(/%2C/g, ',')}`
}

/** The composition with `name` picked or unpicked; unpicking the language pack in use switches back to English. */
export function withPlugin(c: Composition, name: string, on: boolean, localesOf: (name: string) => readonly string[] = () => []): Composition {
  const plugins = on ? (c.plugins.includes(name) ? c.plugins : [...c.plugins, name]) : c.plugins.filter((p) => p !== name)
  const locales = localesOf(name)
  let locale = c.locale
  // a pack just picked: show the modal in it at once
  if (on && locales.length && !c.plugins.includes(name)) locale = locales[0]!
  if (!on && locales.includes(locale)) locale = 'en'
  return { ...c, plugins, locale }
}

/** The order with `id` moved one place up (`-1`) or down (`1`). */
export function moveMethod(order: readonly ConnectMethodId[], id: ConnectMethodId, by: -1 | 1): ConnectMethodId[] {
  const i = order.indexOf(id)
  const j = i + by
  if (i < 0 || j < 0 || j >= order.length) return [...order]
  const out = [...order]
  ;[out[i], out[j]] = [out[j]!, out[i]!]
  return out
}
