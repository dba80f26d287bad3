import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { CopyButton } from './CopyButton.js'

type Props = {
  /** The `createKernel` code; undefined while the manifest is not there. */
  code: string | undefined
  /** The remotes to deploy, with their manifest. */
  remotes: string | undefined
  remoteCount: number
}

const TABS = [
  { id: 'options', label: 'createKernel options', copy: 'Copy code' },
  { id: 'remotes', label: 'Remotes to deploy', copy: 'Copy list' },
] as const

/** The composition as code to paste and the remotes to deploy, each with a copy button, as two tabs. */
export function Output({ code, remotes, remoteCount }: Props) {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('options')
  const base = useId()
  const refs = useRef<Record<string, HTMLButtonElement | null>>({})
  const onKeyDown = (e: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === tab)
    const next = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : -1
    if (next < 0) return
    e.preventDefault()
    setTab(TABS[next]!.id)
    refs.current[TABS[next]!.id]?.focus()
  }
  const text = tab === 'options' ? code : remotes
  const current = TABS.find((t) => t.id === tab)!
  return (
    <section className="cp-card cp-output" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className="cp-visually-hidden">
        Result
      </h2>
      <div className="cp-output-head">
        <div role="tablist" aria-label="Result" className="cp-tabs" onKeyDown={onKeyDown}>
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={(el) => void (refs.current[t.id] = el)}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              data-testid={`output-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`${base}-panel`}
              tabIndex={tab === t.id ? 0 : -1}
              className="cp-tab"
              onClick={() => setTab(t.id)}
            >
              {t.label}
              {t.id === 'remotes' && code !== undefined && <span className="cp-count">{remoteCount}</span>}
            </button>
          ))}
        </div>
        <CopyButton text={text} label={current.copy} testId={`copy-${tab}`} />
      </div>
      <div id={`${base}-panel`} role="tabpanel" aria-labelledby={`${base}-tab-${tab}`} className="cp-code-panel">
        {text === undefined ? (
          <p className="cp-muted cp-stage-note">The code appears once the plugin manifest has loaded.</p>
        ) : (
          <pre className="cp-code" data-testid={`output-${tab}`} tabIndex={0} aria-label={current.label}>
            <code>{text}</code>
          </pre>
        )}
      </div>
    </section>
  )
}
