import type { KeyboardEvent } from 'react'

/** A radio group of chips (token, fiat currency): one is checked; the arrow keys check the next or previous one. */
export function Chips({ label, items, value, onChange, testId }: { label: string; items: readonly string[]; value: string | undefined; onChange: (value: string) => void; testId: string }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0
    if (step === 0 || items.length === 0) return
    event.preventDefault()
    const index = Math.max(0, items.indexOf(value ?? ''))
    const next = items[(index + step + items.length) % items.length]!
    onChange(next)
    event.currentTarget.querySelector<HTMLElement>(`[data-testid="${testId}-${next}"]`)?.focus()
  }
  return (
    <fieldset className="portico-onramp-field">
      <legend className="portico-onramp-label">{label}</legend>
      <div className="portico-onramp-chips" role="radiogroup" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item}
            type="button"
            role="radio"
            aria-checked={item === value}
            tabIndex={item === value || (!items.includes(value ?? '') && item === items[0]) ? 0 : -1}
            className="portico-onramp-chip"
            data-testid={`${testId}-${item}`}
            onClick={() => onChange(item)}
          >
            {item}
          </button>
        ))}
      </div>
    </fieldset>
  )
}
