/**
 * Keeps the (hidden, fixed) frame over a slot in the modal: the iframe cannot move into the modal's DOM, since
 * moving an iframe reloads its document and would lose the approval it shows. It follows the slot's box through a
 * ResizeObserver, the page's scroll and resize events, and a check each animation frame (the modal's open and view
 * transitions move the slot with transforms, which no observer reports), and hides again when released.
 */
export function placeOver(iframe: HTMLIFrameElement, slot: HTMLElement): () => void {
  const win = slot.ownerDocument.defaultView ?? window
  let frame = 0
  let watching = 0
  let last = ''
  const place = () => {
    frame = 0
    const r = slot.getBoundingClientRect()
    const box = `${r.left},${r.top},${r.width},${r.height}`
    if (box === last) return
    last = box
    Object.assign(iframe.style, {
      display: 'block',
      left: `${r.left}px`,
      top: `${r.top}px`,
      width: `${r.width}px`,
      height: `${r.height}px`,
    })
  }
  // scroll and resize come in bursts: one placement per animation frame
  const schedule = () => {
    if (frame) return
    frame = typeof win.requestAnimationFrame === 'function' ? win.requestAnimationFrame(place) : (place(), 0)
  }
  place()
  const raf = typeof win.requestAnimationFrame === 'function'
  const watch = () => {
    place()
    watching = win.requestAnimationFrame(watch)
  }
  if (raf) watching = win.requestAnimationFrame(watch)
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : undefined
  observer?.observe(slot)
  win.addEventListener('resize', schedule)
  // capture: a scroll inside the modal card moves the slot too
  win.addEventListener('scroll', schedule, true)
  let released = false
  return () => {
    if (released) return
    released = true
    observer?.disconnect()
    win.removeEventListener('resize', schedule)
    win.removeEventListener('scroll', schedule, true)
    if (typeof win.cancelAnimationFrame === 'function') {
      if (frame) win.cancelAnimationFrame(frame)
      if (watching) win.cancelAnimationFrame(watching)
    }
    hideFrame(iframe)
  }
}

/** SPEC §2: the frame is a hidden fixed element with z-index 999999. */
export function hideFrame(iframe: HTMLIFrameElement) {
  Object.assign(iframe.style, { display: 'none', left: '0px', top: '0px', width: '0px', height: '0px' })
}
