import { useEffect, useRef, type RefObject } from 'react'

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

/** Focusable elements inside `root`, in tab order (hidden and inert subtrees left out). */
export function focusableElements(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden], [inert], [aria-hidden="true"]') && el.tabIndex >= 0,
  )
}

/**
 * While `active`: moves focus into `ref`, keeps Tab and Shift+Tab inside it, calls `onEscape` on Escape, and
 * when it ends gives focus back to the element that had it before (the opener).
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void): void {
  const onEscapeRef = useRef(onEscape)
  onEscapeRef.current = onEscape

  useEffect(() => {
    const root = ref.current
    if (!active || !root) return
    const doc = root.ownerDocument
    const before = doc.activeElement
    const opener = before instanceof HTMLElement && before !== doc.body && !root.contains(before) ? before : null
    // once the card has painted: focusing makes the browser lay the card out at once, which its first frame then
    // waits for (a tab keypress before that frame still lands inside, see onKeyDown)
    const win = doc.defaultView
    let ended = false
    const focusIn = () => void (!ended && !root.contains(doc.activeElement) && root.isConnected && root.focus({ preventScroll: true }))
    if (win?.requestAnimationFrame) win.requestAnimationFrame(() => win.setTimeout(focusIn, 0))
    else focusIn()

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return
      if (event.key === 'Escape') {
        event.preventDefault()
        onEscapeRef.current()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusableElements(root)
      const current = doc.activeElement
      if (items.length === 0) {
        event.preventDefault()
        root.focus({ preventScroll: true })
        return
      }
      const first = items[0]!
      const last = items[items.length - 1]!
      const outside = !current || !root.contains(current)
      if (event.shiftKey && (outside || current === first || current === root)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (outside || current === last)) {
        event.preventDefault()
        first.focus()
      }
    }
    // Focus that escapes (a click on the page behind, a script) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target
      if (target instanceof Node && !root.contains(target)) (focusableElements(root)[0] ?? root).focus({ preventScroll: true })
    }
    doc.addEventListener('keydown', onKeyDown)
    doc.addEventListener('focusin', onFocusIn)
    return () => {
      ended = true
      doc.removeEventListener('keydown', onKeyDown)
      doc.removeEventListener('focusin', onFocusIn)
      if (opener?.isConnected) opener.focus({ preventScroll: true })
    }
  }, [ref, active])
}
