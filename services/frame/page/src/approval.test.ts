// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ApprovalQueue } from './approval.js'

const ORIGIN = 'https://app.example'
const byId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const approveButton = () => byId('frame-approve') as HTMLButtonElement

describe('ApprovalQueue', () => {
  let root: HTMLElement
  let queue: ApprovalQueue
  beforeEach(() => {
    vi.useFakeTimers()
    root = document.createElement('main')
    document.body.append(root)
    queue = new ApprovalQueue({ root, origin: ORIGIN, dappName: () => 'Demo App' })
  })
  afterEach(() => {
    vi.useRealTimers()
    root.remove()
  })

  const ask = () => queue.request({ method: 'personal_sign', rows: [{ label: 'Message', value: 'hello' }] })

  test('behavior: shows the verified origin, the method and the details; nothing is shown when nothing is pending', () => {
    expect(byId('frame-approval')).toBeNull()
    expect(document.body.classList.contains('has-approval')).toBe(false)
    void ask().catch(() => undefined)
    expect(byId('frame-approval-origin')?.textContent).toBe(ORIGIN)
    expect(byId('frame-approval-method')?.textContent).toBe('Sign message')
    expect(byId('frame-approval-method')?.dataset.method).toBe('personal_sign')
    expect(byId('frame-approval')?.textContent).toContain('hello')
    expect(byId('frame-approval')?.textContent).toContain('Demo App')
    expect(byId('frame-approval')?.getAttribute('role')).toBe('dialog')
    expect(document.body.classList.contains('has-approval')).toBe(true)
  })

  test('security: Approve works only after the dialog has been visible for 500 ms', async () => {
    const approved = vi.fn()
    void ask().then(approved)
    expect(approveButton().disabled).toBe(true)
    approveButton().click() // disabled: ignored
    vi.advanceTimersByTime(499)
    expect(approveButton().disabled).toBe(true)
    vi.advanceTimersByTime(1)
    expect(approveButton().disabled).toBe(false)
    approveButton().click()
    await vi.waitFor(() => expect(approved).toHaveBeenCalled())
    expect(byId('frame-approval')).toBeNull()
    expect(document.body.classList.contains('has-approval')).toBe(false)
  })

  test('behavior: Reject (focused first, keyboard reachable) rejects "User rejected the request."', async () => {
    const result = ask()
    expect(document.activeElement).toBe(byId('frame-reject'))
    byId('frame-reject')!.click()
    await expect(result).rejects.toThrow('User rejected the request.')
  })

  test('behavior: Escape rejects', async () => {
    const result = ask()
    byId('frame-approval')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await expect(result).rejects.toThrow('User rejected the request.')
  })

  test('behavior: RPC_ABORT cancels the shown and the queued approvals with "Request was aborted"', async () => {
    const first = ask()
    const second = ask()
    expect(queue.pending).toBe(2)
    queue.abortAll()
    await expect(first).rejects.toThrow('Request was aborted')
    await expect(second).rejects.toThrow('Request was aborted')
    expect(byId('frame-approval')).toBeNull()
    expect(queue.pending).toBe(0)
  })

  test('behavior: requests are shown one at a time, in order, each with its own 500 ms wait', async () => {
    const first = ask()
    const second = queue.request({ method: 'eth_sendTransaction', rows: [] })
    byId('frame-reject')!.click()
    await expect(first).rejects.toThrow()
    expect(byId('frame-approval-method')?.dataset.method).toBe('eth_sendTransaction')
    expect(approveButton().disabled).toBe(true)
    vi.advanceTimersByTime(500)
    approveButton().click()
    await expect(second).resolves.toBeUndefined()
  })
})
