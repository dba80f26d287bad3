import { useMemo, type ReactNode } from 'react'
import QRCode from 'qrcode'

/** Dark modules of a QR code as one SVG path, in module units, with the finder patterns drawn apart. */
export type QrMatrix = { size: number; dots: string; finders: { x: number; y: number }[]; hole: number }

/** Modules in a finder pattern (the three 7×7 corner squares), drawn as rounded squares instead of dots. */
function inFinder(row: number, col: number, size: number): boolean {
  const near = (v: number, start: number) => v >= start && v < start + 7
  return (near(row, 0) && near(col, 0)) || (near(row, 0) && near(col, size - 7)) || (near(row, size - 7) && near(col, 0))
}

/**
 * The QR matrix of `text` (error correction Q, so the centre can hold a logo), with the modules under a centred
 * logo of `logoModules` modules left out.
 */
export function qrMatrix(text: string, logoModules = 0): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'Q' })
  const size = modules.size
  const hole = Math.min(logoModules, Math.floor(size * 0.3))
  const lo = Math.floor((size - hole) / 2)
  const hi = lo + hole
  const r = 0.42
  let dots = ''
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!modules.get(row, col) || inFinder(row, col, size)) continue
      if (hole > 0 && row >= lo && row < hi && col >= lo && col < hi) continue
      const cx = col + 0.5
      const cy = row + 0.5
      dots += `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`
    }
  }
  return { size, dots, finders: [{ x: 0, y: 0 }, { x: size - 7, y: 0 }, { x: 0, y: size - 7 }], hole }
}

export type QrCodeProps = {
  uri: string
  /** Rendered size in px. */
  size?: number
  /** A logo in the centre (the wallet's or WalletConnect's). */
  logo?: ReactNode
  label: string
}

/**
 * A scannable QR code of `uri` as an SVG: dots, rounded finder patterns and a centred logo, dark on a white card in
 * both themes (scanners read dark-on-light most reliably). Carries `data-testid="wc-qr"` and the URI in `data-uri`.
 */
export function QrCode({ uri, size = 264, logo, label }: QrCodeProps) {
  const matrix = useMemo(() => qrMatrix(uri, logo ? 9 : 0), [uri, Boolean(logo)])
  const n = matrix.size
  return (
    <div className="portico-wc-qr" data-testid="wc-qr" data-uri={uri} style={{ width: size, height: size }}>
      <div className="portico-wc-qr__canvas">
        <svg role="img" aria-label={label} viewBox={`0 0 ${n} ${n}`} width="100%" height="100%" shapeRendering="geometricPrecision">
          <path d={matrix.dots} fill="currentColor" />
          {matrix.finders.map(({ x, y }) => (
            <g key={`${x}:${y}`}>
              <rect x={x + 0.5} y={y + 0.5} width={6} height={6} rx={1.6} fill="none" stroke="currentColor" strokeWidth={1} />
              <rect x={x + 2} y={y + 2} width={3} height={3} rx={0.9} fill="currentColor" />
            </g>
          ))}
        </svg>
        {logo && matrix.hole > 0 && (
          <div className="portico-wc-qr__logo" style={{ width: `${((matrix.hole - 1) / n) * 100}%`, height: `${((matrix.hole - 1) / n) * 100}%` }}>
            {logo}
          </div>
        )}
      </div>
    </div>
  )
}
