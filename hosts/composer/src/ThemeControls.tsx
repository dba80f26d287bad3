import { CARD_RADIUS_RANGE, CONTROL_RADIUS_RANGE, FONTS, THEME_DEFAULTS, type Composition, type FontId } from './composition.js'

type Props = { composition: Composition; update: (change: Partial<Composition>) => void }

/** Theme mode and the theme variables the composer offers: accent, corner radii, font. */
export function ThemeControls({ composition: c, update }: Props) {
  const customized = c.accent !== THEME_DEFAULTS.accent || c.cardRadius !== THEME_DEFAULTS.cardRadius || c.controlRadius !== THEME_DEFAULTS.controlRadius || c.font !== THEME_DEFAULTS.font
  return (
    <section className="cp-card" aria-labelledby="theme-title">
      <div className="cp-card-head">
        <h2 id="theme-title" className="cp-card-title">Theme</h2>
        <button
          type="button"
          className="cp-link-button"
          data-testid="theme-reset"
          disabled={!customized}
          onClick={() => update({ accent: THEME_DEFAULTS.accent, cardRadius: THEME_DEFAULTS.cardRadius, controlRadius: THEME_DEFAULTS.controlRadius, font: THEME_DEFAULTS.font })}
        >
          Reset variables
        </button>
      </div>
      <fieldset className="cp-field cp-segmented-field">
        <legend className="cp-label">Mode</legend>
        <div className="cp-segmented">
          {(['light', 'dark'] as const).map((mode) => (
            <label key={mode} className="cp-segment">
              <input type="radio" name="theme-mode" value={mode} data-testid={`theme-${mode}`} checked={c.themeMode === mode} onChange={() => update({ themeMode: mode })} />
              <span>{mode === 'light' ? 'Light' : 'Dark'}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="cp-field cp-row">
        <label className="cp-label" htmlFor="theme-accent">
          Accent colour
        </label>
        <span className="cp-color">
          <input type="color" id="theme-accent" data-testid="theme-accent" value={c.accent} onChange={(e) => update({ accent: e.currentTarget.value.toLowerCase() })} />
          <code>{c.accent}</code>
        </span>
      </div>
      <Range id="theme-card-radius" label="Card corners" value={c.cardRadius} range={CARD_RADIUS_RANGE} onChange={(cardRadius) => update({ cardRadius })} />
      <Range id="theme-control-radius" label="Button corners" value={c.controlRadius} range={CONTROL_RADIUS_RANGE} onChange={(controlRadius) => update({ controlRadius })} />
      <div className="cp-field cp-row">
        <label className="cp-label" htmlFor="theme-font">
          Font
        </label>
        <select id="theme-font" data-testid="theme-font" className="cp-select" value={c.font} onChange={(e) => update({ font: e.currentTarget.value as FontId })}>
          {Object.entries(FONTS).map(([id, f]) => (
            <option key={id} value={id}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
    </section>
  )
}

function Range({ id, label, value, range, onChange }: { id: string; label: string; value: number; range: { min: number; max: number }; onChange: (v: number) => void }) {
  return (
    <div className="cp-field cp-row">
      <label className="cp-label" htmlFor={id}>
        {label}
      </label>
      <span className="cp-range">
        <input type="range" id={id} data-testid={id} min={range.min} max={range.max} step={1} value={value} onChange={(e) => onChange(Number(e.currentTarget.value))} />
        <output htmlFor={id} className="cp-range-value">
          {value} px
        </output>
      </span>
    </div>
  )
}
