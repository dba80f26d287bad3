import type { PluginManifest } from '@portico/contracts/plugin'
import type { Composition } from './composition.js'
import { withRequirements } from './manifest.js'
import { languageName } from './pluginInfo.js'

type Props = { composition: Composition; manifest: PluginManifest | undefined; update: (change: Partial<Composition>) => void }

type Flag = { key: 'legal' | 'collapseWallets' | 'networkSwitch' | 'allowUnsupportedChain'; label: string; about: string; needs?: string }

/** SPEC §9's flags that apply to this modal: two of the connect plugin's options and two of the kernel's. */
const FLAGS: Flag[] = [
  { key: 'legal', label: 'Terms and privacy checkbox', about: 'Connecting waits until the visitor agrees (connect: legal).', needs: 'connect' },
  { key: 'collapseWallets', label: 'Wallets behind one button', about: 'The wallet list opens from "Continue with a wallet" (connect: collapseWallets).', needs: 'connect' },
  { key: 'networkSwitch', label: 'Network switching', about: 'Visitors can switch networks from the modal (enableNetworkSwitch).' },
  { key: 'allowUnsupportedChain', label: 'Allow unsupported networks', about: 'A wallet on another network stays connected (allowUnsupportedChain).' },
]

/** Feature flags and the modal's language. */
export function OptionsControls({ composition: c, manifest, update }: Props) {
  const effective = manifest ? withRequirements(c.plugins, manifest) : c.plugins
  const locales = ['en', ...effective.flatMap((p) => manifest?.[p]?.locales ?? [])]
  if (!locales.includes(c.locale)) locales.push(c.locale)
  return (
    <>
      <section className="cp-card" aria-labelledby="flags-title">
        <h2 id="flags-title" className="cp-card-title">Feature flags</h2>
        <ul className="cp-flags">
          {FLAGS.map((flag) => {
            const off = flag.needs !== undefined && !effective.includes(flag.needs)
            const id = `flag-${flag.key}`
            return (
              <li key={flag.key} className="cp-flag">
                <input type="checkbox" id={id} data-testid={id} role="switch" checked={c[flag.key]} disabled={off} aria-describedby={`${id}-about`} onChange={(e) => update({ [flag.key]: e.currentTarget.checked })} />
                <label htmlFor={id}>{flag.label}</label>
                <span id={`${id}-about`} className="cp-plugin-about">
                  {off ? `Needs the ${flag.needs} plugin.` : flag.about}
                </span>
              </li>
            )
          })}
        </ul>
      </section>
      <section className="cp-card" aria-labelledby="language-title">
        <h2 id="language-title" className="cp-card-title">Language</h2>
        <div className="cp-field cp-row">
          <label className="cp-label" htmlFor="locale">
            The modal speaks
          </label>
          <select id="locale" data-testid="locale-select" className="cp-select" value={c.locale} onChange={(e) => update({ locale: e.currentTarget.value })}>
            {locales.map((l) => (
              <option key={l} value={l} lang={l}>
                {languageName(l)}
              </option>
            ))}
          </select>
        </div>
        <p className="cp-muted cp-small">Pick a language pack above to add its language; English is built in.</p>
      </section>
    </>
  )
}
