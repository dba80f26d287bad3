import { useEffect, useRef, useState, type ReactNode, type UIEvent } from 'react'
import { onListKeyDown } from '@portico/kernel'

export type VirtualListProps<T> = {
  items: readonly T[]
  /** Every row is this tall (px), gap included: fixed heights let the window be computed, never measured. */
  rowHeight: number
  /** Tallest the scroll area gets (px); it is shorter when the rows need less. */
  maxHeight: number
  /** Rows rendered beyond each edge of the visible window, so fast scrolling and arrow keys find rows ready. */
  overscan?: number
  getKey: (item: T) => string
  renderRow: (item: T, index: number) => ReactNode
  /** Called with the rendered range after it changes (to load images for what is on screen). */
  onRangeChange?: (start: number, end: number) => void
  /** Called when the window comes within `endThreshold` rows of the end (infinite scroll). */
  onEndReached?: () => void
  endThreshold?: number
  /** A row after the items, inside the scroll area (a spinner or retry while the next page loads). */
  footer?: ReactNode
  label: string
  'data-testid'?: string
}

/**
 * A windowed list: only the rows in view (plus `overscan`) are in the DOM, whatever the number of items, so a
 * registry of thousands scrolls as smoothly as one of ten. Rows are positioned in a spacer as tall as the whole
 * list; each carries its position for assistive technology.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  maxHeight,
  overscan = 6,
  getKey,
  renderRow,
  onRangeChange,
  onEndReached,
  endThreshold = 10,
  footer,
  label,
  ...rest
}: VirtualListProps<T>) {
  const ref = useRef<HTMLDivElement>(null)
  const [firstRow, setFirstRow] = useState(0)
  const [viewport, setViewport] = useState(0)

  useEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => setViewport(el.clientHeight)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  // before layout is known (and where there is none, as on the server) assume the tallest the area gets
  const visibleRows = Math.ceil((viewport || maxHeight) / rowHeight)
  const start = Math.max(0, Math.min(firstRow, items.length - 1) - overscan)
  const end = Math.min(items.length, firstRow + visibleRows + overscan)

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    // re-render only when another row reaches the top, not on every scrolled pixel
    const row = Math.floor(event.currentTarget.scrollTop / rowHeight)
    if (row !== firstRow) setFirstRow(row)
  }

  useEffect(() => {
    onRangeChange?.(start, end)
    if (onEndReached && end >= items.length - endThreshold) onEndReached()
    // the callbacks change identity on every render of the parent; the range is what matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [start, end, items.length])

  return (
    <div
      ref={ref}
      role="list"
      aria-label={label}
      data-testid={rest['data-testid']}
      className="portico-wallets-scroll"
      style={{ maxHeight }}
      onScroll={onScroll}
      onKeyDown={onListKeyDown}
    >
      <div style={{ position: 'relative', height: items.length * rowHeight }}>
        {items.slice(start, end).map((item, i) => {
          const index = start + i
          return (
            <div
              key={getKey(item)}
              role="listitem"
              aria-setsize={items.length}
              aria-posinset={index + 1}
              data-index={index}
              style={{ position: 'absolute', insetInline: 0, top: index * rowHeight, height: rowHeight }}
            >
              {renderRow(item, index)}
            </div>
          )
        })}
      </div>
      {footer}
    </div>
  )
}
