import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createTestKernel, withKernel } from '@portico/tests/react'
import { Lazy } from './Lazy.js'

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>

describe('Lazy', () => {
  it('behavior: a spinner while it loads, then the component; shown again, it renders at once without loading again', async () => {
    const kernel = createTestKernel()
    const load = vi.fn(async () => ({ default: Hello }))
    const first = render(withKernel(kernel, <Lazy id="hello" load={load} props={{ name: 'Ada' }} />))
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy()
    expect(await screen.findByText('hello Ada')).toBeTruthy()
    first.unmount()
    render(withKernel(kernel, <Lazy id="hello" load={load} props={{ name: 'Grace' }} />))
    // the same commit: no spinner in between
    expect(screen.getByText('hello Grace')).toBeTruthy()
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull()
    await act(async () => {})
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('error: a failed load shows the message and a retry that loads again', async () => {
    const kernel = createTestKernel()
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: Hello })
    render(withKernel(kernel, <Lazy id="x" load={load} props={{ name: 'Ada' }} errorMessage="Could not load it." />))
    expect(await screen.findByText('Could not load it.')).toBeTruthy()
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click())
    expect(await screen.findByText('hello Ada')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(2)
  })
})
