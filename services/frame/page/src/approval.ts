import { FrameFailure, MESSAGES } from './errors.js'
import { STRINGS, t, type StringKey } from './strings.js'

/** One line of what is being approved. `mono` for addresses, hex and JSON. */
export interface ApprovalRow {
  label: string
  value: string
  mono?: boolean
}

/** What the visitor is asked to approve. */
export interface ApprovalRequest {
  method: string
  rows: ApprovalRow[]
}

export interface ApprovalOptions {
  /** The element the UI renders into (the frame body's root). */
  root: HTMLElement
  /** The verified parent origin, shown prominently: the only identity of the requester the frame can vouch for. */
  origin: string
  /** How long the UI must have been visible before Approve works (clickjacking: no click lands on a fresh dialog). */
  minVisibleMs?: number
  /** The name the app gave itself in SYNC_DAPP_DATA (unverified, shown as such). */
  dappName?: () => string | undefined
}

interface Pending {
  request: ApprovalRequest
  resolve(): void
  reject(error: Error): void
}

/**
 * The approval UI of unsafe RPC requests, rendered in the frame's own document so the host page cannot press its
 * buttons. Requests are shown one at a time, in order. Approve is enabled only once the dialog has been visible for
 * `minVisibleMs` (IntersectionObserver v2 `isVisible` where the browser has it: not covered, not transparent).
 */
export class ApprovalQueue {
  private readonly queue: Pending[] = []
  private current: Pending | null = null
  private readonly minVisibleMs: number
  private stopWatching: (() => void) | null = null

  constructor(private readonly options: ApprovalOptions) {
    this.minVisibleMs = options.minVisibleMs ?? 500
  }

  /** Resolves when the visitor approves; rejects "User rejected the request." or "Request was aborted". */
  request(request: ApprovalRequest): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ request, resolve, reject })
      if (!this.current) this.next()
    })
  }

  /** RPC_ABORT and SIGN_OUT: every pending approval ends with `message`. */
  abortAll(message: string = MESSAGES.aborted): void {
    const pending = [...(this.current ? [this.current] : []), ...this.queue.splice(0)]
    this.current = null
    this.render()
    for (const p of pending) p.reject(new FrameFailure(message))
  }

  get pending(): number {
    return this.queue.length + (this.current ? 1 : 0)
  }

  private next(): void {
    this.current = this.queue.shift() ?? null
    this.render()
  }

  private settle(approved: boolean): void {
    const current = this.current
    if (!current) return
    this.current = null
    if (approved) current.resolve()
    else current.reject(new FrameFailure(MESSAGES.userRejected))
    this.next()
  }

  private render(): void {
    const { root } = this.options
    this.stopWatching?.()
    this.stopWatching = null
    const doc = root.ownerDocument
    root.replaceChildren()
    doc.body.classList.toggle('has-approval', !!this.current)
    if (!this.current) return
    const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) => {
      const node = doc.createElement(tag)
      if (className) node.className = className
      if (text !== undefined) node.textContent = text
      return node
    }
    const { request } = this.current

    const dialog = el('section', 'approval')
    dialog.dataset.testid = 'frame-approval'
    dialog.setAttribute('role', 'dialog')
    dialog.setAttribute('aria-modal', 'true')
    dialog.setAttribute('aria-labelledby', 'approval-title')

    const header = el('header', 'approval-header')
    const from = el('p', 'approval-from', t('requestFrom'))
    const origin = el('p', 'approval-origin', this.options.origin)
    origin.dataset.testid = 'frame-approval-origin'
    header.append(from, origin)
    const dappName = this.options.dappName?.()
    if (dappName) header.append(el('p', 'approval-dapp', `${t('dappSays')} “${dappName}”`))
    const title = el('h1', 'approval-method', methodTitle(request.method))
    title.id = 'approval-title'
    title.dataset.testid = 'frame-approval-method'
    title.dataset.method = request.method
    header.append(title)

    const details = el('dl', 'approval-details')
    for (const row of request.rows) {
      const dt = el('dt', undefined, row.label)
      const dd = el('dd', row.mono ? 'mono' : undefined, row.value)
      details.append(dt, dd)
    }

    const hint = el('p', 'approval-hint', t('waitToApprove'))
    hint.id = 'approval-hint'
    const actions = el('div', 'approval-actions')
    const reject = el('button', 'button secondary', t('reject'))
    reject.type = 'button'
    reject.dataset.testid = 'frame-reject'
    const approve = el('button', 'button primary', t('approve'))
    approve.type = 'button'
    approve.dataset.testid = 'frame-approve'
    approve.disabled = true
    approve.setAttribute('aria-describedby', 'approval-hint')
    actions.append(reject, approve)
    reject.addEventListener('click', () => this.settle(false))
    approve.addEventListener('click', () => {
      if (!approve.disabled) this.settle(true)
    })
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        this.settle(false)
      }
    })

    dialog.append(header, details, hint, actions)
    root.append(dialog)
    reject.focus({ preventScroll: true })

    this.stopWatching = watchVisible(dialog, this.minVisibleMs, (ready) => {
      approve.disabled = !ready
      hint.hidden = ready
    })
  }
}

/** A readable title for the methods the frame signs; any other shows as its name. */
function methodTitle(method: string): string {
  const key = `method.${method}`
  return key in STRINGS ? t(key as StringKey) : method
}

/**
 * Calls `onChange(true)` once `element` has been continuously visible for `ms`, and `onChange(false)` whenever it
 * stops being visible. Without IntersectionObserver (tests, old engines) the clock starts at render.
 */
function watchVisible(element: HTMLElement, ms: number, onChange: (ready: boolean) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const start = () => {
    clearTimeout(timer)
    timer = setTimeout(() => onChange(true), ms)
  }
  const stop = () => {
    clearTimeout(timer)
    onChange(false)
  }
  const doc = element.ownerDocument
  let observer: IntersectionObserver | undefined
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') return stop()
    // back in view: observe afresh, since the observer reports only changes and the clock was reset
    if (observer) {
      observer.unobserve(element)
      observer.observe(element)
    } else start()
  }
  doc.addEventListener('visibilitychange', onVisibility)
  if (typeof IntersectionObserver === 'function') {
    // trackVisibility (IntersectionObserver v2) also reports occlusion and opacity; delay is required with it
    const init = { threshold: [0, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit
    observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1] as IntersectionObserverEntry & { isVisible?: boolean }
      const visible = entry.isIntersecting && entry.intersectionRatio > 0 && entry.isVisible !== false
      if (visible) start()
      else stop()
    }, init)
    observer.observe(element)
  } else {
    start()
  }
  return () => {
    clearTimeout(timer)
    observer?.disconnect()
    doc.removeEventListener('visibilitychange', onVisibility)
  }
}
