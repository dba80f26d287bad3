import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Kernel } from '../kernel/types.js'
import { createTestKernel, withKernel } from '@portico/tests/react'
import { ConnectButton } from './ConnectButton.js'

let kernels: Kernel[] = []
afterEach(() => {
  kernels.forEach((k) => k.destroy())
  kernels = []
})

function setup(preload?: 'none' | 'intent' | 'idle') {
  const kernel = createTestKernel(preload ? { preload } : {})
  kernels.push(kernel)
  const spy = vi.spyOn(kernel, 'preload')
  render(withKernel(kernel, <ConnectButton />))
  return { kernel, spy, button: screen.getByTestId('connect-button') }
}

describe('ConnectButton preload on intent', () => {
  it("behavior: with the default 'intent', pointing at or focusing the button starts preloading; rendering it does not", () => {
    const { spy, button } = setup()
    expect(spy).not.toHaveBeenCalled()
    fireEvent.pointerEnter(button)
    expect(spy).toHaveBeenCalledTimes(1)
    fireEvent.focus(button)
    expect(spy).toHaveBeenCalledTimes(2)
  })

  it("behavior: with 'none', intent preloads nothing", () => {
    const { spy, button } = setup('none')
    fireEvent.pointerEnter(button)
    fireEvent.focus(button)
    expect(spy).not.toHaveBeenCalled()
  })
})
