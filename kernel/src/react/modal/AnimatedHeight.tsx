import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'

/**
 * Animates its height to its content's (150 ms, in CSS) by measuring the content with a ResizeObserver;
 * where there is none the height simply follows the content.
 */
export function AnimatedHeight({ children }: { children: ReactNode }) {
  const inner = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState<number>()
  useLayoutEffect(() => {
    const el = inner.current
    const RO = el?.ownerDocument.defaultView?.ResizeObserver
    if (!el || !RO) return
    const observer = new RO(() => setHeight(el.offsetHeight))
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  return (
    <div className="portico-body" style={height === undefined ? undefined : { height }}>
      <div ref={inner} className="portico-body__inner">
        {children}
      </div>
    </div>
  )
}
