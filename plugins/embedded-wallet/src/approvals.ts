import type { PorticoState, ViewId } from '@portico/contracts/plugin'
import { APPROVE_VIEW, FRAME_MESSAGES } from './constants.js'
import { EmbeddedWalletError } from './errors.js'

export type ApprovalsDeps = {
  getState: () => PorticoState
  modal: { open: (view?: ViewId, data?: unknown) => Promise<void>; close: () => void }
  router: { push: (view: ViewId, data?: unknown) => void; goBack: () => void }
  /** Tells the frame to drop what it waits on (RPC_ABORT). */
  abortInFrame: () => void
  toast: (message: string) => void
  t: (key: string) => string
}

type Waiting = { reject: (error: unknown) => void }

/**
 * SPEC §4 for the auth connector's unsafe requests: the modal opens on ApproveTransaction (or the view is pushed
 * when the modal is already open), the request waits on the visitor's decision in the frame, and then the view is
 * popped, or the modal closed when it was opened just for this. Closing the modal, or leaving the view, aborts
 * what waits (RPC_ABORT to the frame, "Request was aborted" here).
 */
export function createApprovals(deps: ApprovalsDeps) {
  const waiting = new Set<Waiting>()
  /** Whether the current round of approvals opened the modal itself. */
  let openedModal = false

  const top = () => deps.getState().router.history.at(-1)?.view
  const inHistory = () => deps.getState().router.history.some((h) => h.view === APPROVE_VIEW)

  async function show() {
    const { modal } = deps.getState()
    if (!modal.open) {
      openedModal = true
      await deps.modal.open(APPROVE_VIEW)
    } else if (top() !== APPROVE_VIEW) {
      deps.router.push(APPROVE_VIEW)
    }
  }

  function done() {
    if (waiting.size > 0) return
    const opened = openedModal
    openedModal = false
    if (!deps.getState().modal.open) return
    if (opened) deps.modal.close()
    else if (top() === APPROVE_VIEW) deps.router.goBack()
  }

  /** Rejects everything that waits and tells the frame; the caller decides about the modal. */
  function abortAll() {
    if (waiting.size === 0) return
    const all = [...waiting]
    waiting.clear()
    openedModal = false
    deps.abortInFrame()
    for (const w of all) w.reject(new EmbeddedWalletError(FRAME_MESSAGES.aborted, 'REQUEST_ABORTED'))
  }

  return {
    /** Runs `job` (the frame request) while ApproveTransaction shows; settles with it, or rejects when aborted. */
    async run<T>(job: () => Promise<T>): Promise<T> {
      let entry!: Waiting
      const aborted = new Promise<never>((_, reject) => (entry = { reject }))
      // read below or by the race; marked handled so an abort during the modal's opening is not reported as unhandled
      aborted.catch(() => {})
      waiting.add(entry)
      try {
        await show()
        // the visitor may have closed the modal while it opened
        if (!waiting.has(entry)) return await aborted
        return await Promise.race([job(), aborted])
      } finally {
        waiting.delete(entry)
        done()
      }
    },
    /** SPEC §4: an unknown method opens the modal with "Action not allowed" and rejects what waits. */
    async notAllowed() {
      abortAll()
      if (!deps.getState().modal.open) await deps.modal.open().catch(() => {})
      deps.toast(deps.t('embeddedWallet.actionNotAllowed'))
    },
    /** The modal closed (kernel `afterClose`). */
    onModalClosed: abortAll,
    /** The view stack changed (kernel `afterViewChange`): leaving ApproveTransaction gives up what waits. */
    onViewChanged() {
      if (waiting.size > 0 && deps.getState().modal.open && !inHistory() && deps.getState().router.history.length > 0) abortAll()
    },
    abortAll,
    waitingCount: () => waiting.size,
  }
}

export type Approvals = ReturnType<typeof createApprovals>
