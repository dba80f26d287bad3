import jsQR from 'jsqr'
import { describe, expect, it } from 'vitest'
import { qrPath } from './qrMatrix.js'

/** Paints the path's rectangles into RGBA pixels (scale px per module, 4 modules of quiet zone) for jsQR. */
function rasterise(text: string, scale = 4) {
  const { size, path } = qrPath(text)
  const box = (size + 8) * scale
  const data = new Uint8ClampedArray(box * box * 4).fill(255)
  for (const m of path.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    const [x, y, w] = [Number(m[1]), Number(m[2]), Number(m[3])]
    for (let py = (y + 4) * scale; py < (y + 5) * scale; py++)
      for (let px = (x + 4) * scale; px < (x + 4 + w) * scale; px++) data.fill(0, (py * box + px) * 4, (py * box + px) * 4 + 3)
  }
  return { data, box }
}

describe('qrPath', () => {
  it('behavior: the drawn modules decode back to the address', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const { data, box } = rasterise(address)
    expect(jsQR(data, box, box)?.data).toBe(address)
  })

  it('behavior: a longer text gets a larger code', () => {
    expect(qrPath('x'.repeat(100)).size).toBeGreaterThan(qrPath('0x1234').size)
  })
})
