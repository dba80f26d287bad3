import { afterEach, describe, expect, it, vi } from 'vitest'
import { placeOver } from './overlay.js'

afterEach(() => {
  document.body.innerHTML = ''
})

function setup() {
  const iframe = document.createElement('iframe')
  const slot = document.createElement('div')
  document.body.append(iframe, slot)
  let rect = { left: 10, top: 20, width: 300, height: 360 }
  vi.spyOn(slot, 'getBoundingClientRect').mockImplementation(() => ({ ...rect, right: 0, bottom: 0, x: rect.left, y: rect.top, toJSON: () => rect }) as DOMRect)
  return { iframe, slot, move: (next: typeof rect) => (rect = next) }
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)))

describe('the frame laid over the approval slot', () => {
  it('behavior: shows the frame on the slot box at once', () => {
    const { iframe, slot } = setup()
    const release = placeOver(iframe, slot)
    expect(iframe.style).toMatchObject({ display: 'block', left: '10px', top: '20px', width: '300px', height: '360px' })
    release()
  })

  it('behavior: follows the slot when a transition moves it (no resize or scroll event comes then)', async () => {
    const { iframe, slot, move } = setup()
    const release = placeOver(iframe, slot)
    move({ left: 40, top: 90, width: 320, height: 360 })
    await nextFrame()
    await nextFrame()
    expect(iframe.style).toMatchObject({ left: '40px', top: '90px', width: '320px' })
    release()
  })

  it('behavior: released, it hides the frame and stops following', async () => {
    const { iframe, slot, move } = setup()
    placeOver(iframe, slot)()
    expect(iframe.style.display).toBe('none')
    move({ left: 5, top: 5, width: 1, height: 1 })
    await nextFrame()
    await nextFrame()
    expect(iframe.style.display).toBe('none')
  })
})
