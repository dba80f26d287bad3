import QRCode from 'qrcode'

/** A QR code as one SVG path of its dark modules, in module units, plus its size in modules. */
export type QrPath = { size: number; path: string }

/**
 * The dark modules of the QR code of `text` as one SVG path of unit squares, runs on a row merged into one
 * rectangle. Square modules on a quiet zone read best from a screen (the spec wants a scannable code, not art);
 * error correction M suits a link with no logo over it (the receive plugin draws its code the same way).
 *
 * @example
 * const { size, path } = qrPath('farcaster://connect?channelToken=…')
 */
export function qrPath(text: string): QrPath {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const size = modules.size
  let path = ''
  for (let row = 0; row < size; row++) {
    let col = 0
    while (col < size) {
      if (!modules.get(row, col)) {
        col++
        continue
      }
      const start = col
      while (col < size && modules.get(row, col)) col++
      path += `M${start} ${row}h${col - start}v1h${start - col}z`
    }
  }
  return { size, path }
}
