import type { ReactNode } from 'react'

/** A horizontal rule, with an optional label in the middle ("or"). */
export function Divider({ label }: { label?: ReactNode }) {
  return (
    <div className="portico-divider" role="separator">
      {label !== undefined && <span className="portico-divider__label">{label}</span>}
    </div>
  )
}
