/**
 * Reads a QR code on the page the way a phone camera would: from the pixels of a screenshot of the element
 * (pngjs decodes the PNG, jsQR finds and reads the code).
 */
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
const { PNG } = require('pngjs') as { PNG: { sync: { read(png: Buffer): { width: number; height: number; data: Buffer } } } }
type JsQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null
const jsqr = require('jsqr') as JsQr | { default: JsQr }
const jsQR: JsQr = typeof jsqr === 'function' ? jsqr : jsqr.default

/**
 * The text of the QR code in the first element matching `selector`, or undefined when none reads. A view can still
 * be fading in when the first shot is taken, so an unreadable shot is retaken a few times.
 */
export async function scanQrCode(page: Page, selector: string, attempts = 5): Promise<string | undefined> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const image = PNG.sync.read(await page.locator(selector).first().screenshot())
    const text = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data
    if (text !== undefined) return text
    await page.waitForTimeout(300)
  }
  return undefined
}
