import type { PluginManifest } from '@portico/contracts/plugin'
import { groupManifest, withRequirements, type ManifestPlugin } from './manifest.js'
import { blurbOf, languageName } from './pluginInfo.js'
import type { ManifestState } from './useManifest.js'

type Props = {
  state: ManifestState
  retry: () => void
  manifestUrl: string
  picked: readonly string[]
  onToggle: (name: string, on: boolean) => void
}

/** The manifest's plugins as checkboxes, grouped by kind; a loading line or the error with a retry instead. */
export function PluginPicker({ state, retry, manifestUrl, picked, onToggle }: Props) {
  if (state.status === 'loading') {
    return (
      <section className="cp-card" aria-labelledby="plugins-title" aria-busy="true">
        <h2 id="plugins-title" className="cp-card-title">Plugins</h2>
        <p className="cp-muted" data-testid="manifest-loading">
          <span className="cp-spinner" aria-hidden="true" /> Reading the plugin manifest…
        </p>
      </section>
    )
  }
  if (state.status === 'error') {
    return (
      <section className="cp-card" aria-labelledby="plugins-title">
        <h2 id="plugins-title" className="cp-card-title">Plugins</h2>
        <div className="cp-error" role="alert" data-testid="manifest-error">
          <strong>The plugin list could not be loaded.</strong>
          <span>{state.message}</span>
          <span className="cp-muted">Theme, order and flags still work; the plugins appear once the manifest loads.</span>
          <button type="button" className="cp-button" data-testid="manifest-retry" onClick={retry}>
            Try again
          </button>
        </div>
      </section>
    )
  }
  return <PluginGroups manifest={state.manifest} manifestUrl={manifestUrl} picked={picked} onToggle={onToggle} />
}

function PluginGroups({ manifest, manifestUrl, picked, onToggle }: { manifest: PluginManifest; manifestUrl: string; picked: readonly string[]; onToggle: Props['onToggle'] }) {
  const groups = groupManifest(manifest)
  const effective = withRequirements(picked, manifest)
  /** The picked plugins that need `name`. */
  const neededBy = (name: string) => picked.filter((p) => p !== name && manifest[p] && withRequirements([p], manifest).includes(name))
  const missing = picked.filter((p) => !manifest[p])
  return (
    <section className="cp-card" aria-labelledby="plugins-title">
      <div className="cp-card-head">
        <h2 id="plugins-title" className="cp-card-title">Plugins</h2>
        <span className="cp-muted cp-small" title={manifestUrl}>
          {effective.length} of {Object.keys(manifest).length} from the CDN
        </span>
      </div>
      {missing.length > 0 && (
        <p className="cp-warning" role="status" data-testid="plugins-missing">
          Not in this CDN's manifest, left out: {missing.join(', ')}.
        </p>
      )}
      {groups.map((group) => (
        <fieldset key={group.id} className="cp-group" data-testid={`group-${group.id}`}>
          <legend className="cp-group-title">{group.title}</legend>
          <p className="cp-muted cp-small cp-group-description">{group.description}</p>
          {group.plugins.length === 0 ? (
            <p className="cp-muted cp-small">This CDN has none.</p>
          ) : (
            <ul className="cp-plugins">
              {group.plugins.map((p) => (
                <PluginRow key={p.name} plugin={p} checked={effective.includes(p.name)} requiredBy={picked.includes(p.name) ? [] : neededBy(p.name)} onToggle={onToggle} />
              ))}
            </ul>
          )}
        </fieldset>
      ))}
    </section>
  )
}

function PluginRow({ plugin, checked, requiredBy, onToggle }: { plugin: ManifestPlugin; checked: boolean; requiredBy: string[]; onToggle: Props['onToggle'] }) {
  const id = `plugin-${plugin.name}`
  const required = requiredBy.length > 0
  const blurb = plugin.locales.length ? plugin.locales.map(languageName).join(', ') : blurbOf(plugin.name)
  return (
    <li className="cp-plugin">
      <input
        type="checkbox"
        id={id}
        data-testid={id}
        checked={checked}
        disabled={required}
        aria-describedby={`${id}-about`}
        onChange={(e) => onToggle(plugin.name, e.currentTarget.checked)}
      />
      <label htmlFor={id}>
        <span className="cp-plugin-name">{plugin.name}</span>
        <span className="cp-plugin-version">{plugin.version}</span>
      </label>
      <span id={`${id}-about`} className="cp-plugin-about">
        {required ? `Needed by ${requiredBy.join(', ')}` : (blurb ?? '')}
      </span>
    </li>
  )
}
