import { CONNECT_METHODS, moveMethod, type ConnectMethodId } from './composition.js'

type Props = { order: readonly ConnectMethodId[]; picked: readonly string[]; onChange: (order: ConnectMethodId[]) => void }

const arrow = (up: boolean) => (
  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
    <path d={up ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
)

/** The Connect view's method order (`connectMethodsOrder`), one row per method with move up and down buttons. */
export function ConnectOrder({ order, picked, onChange }: Props) {
  return (
    <section className="cp-card" aria-labelledby="order-title">
      <h2 id="order-title" className="cp-card-title">Connect methods order</h2>
      <p className="cp-muted cp-small">The order of the sections on the Connect view. A method shows when its plugin is picked.</p>
      <ol className="cp-order" data-testid="connect-order">
        {order.map((id, index) => {
          const method = CONNECT_METHODS.find((m) => m.id === id)!
          const on = picked.includes(method.plugin)
          return (
            <li key={id} className="cp-order-item" data-testid={`order-${id}`}>
              <span className="cp-order-index" aria-hidden="true">
                {index + 1}
              </span>
              <span className="cp-order-label">
                {method.label}
                <span className="cp-muted cp-small">{on ? ` · ${method.plugin}` : ` · needs ${method.plugin}`}</span>
              </span>
              <button type="button" className="cp-icon-button" data-testid={`order-${id}-up`} aria-label={`Move ${method.label} up`} disabled={index === 0} onClick={() => onChange(moveMethod(order, id, -1))}>
                {arrow(true)}
              </button>
              <button
                type="button"
                className="cp-icon-button"
                data-testid={`order-${id}-down`}
                aria-label={`Move ${method.label} down`}
                disabled={index === order.length - 1}
                onClick={() => onChange(moveMethod(order, id, 1))}
              >
                {arrow(false)}
              </button>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
