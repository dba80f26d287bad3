import { useMemo } from 'react'
import { qrPath } from './qrMatrix.js'

export type AddressQrProps = {
  address: string
  /** Rendered size in px (the quiet zone included). */
  size?: number
  label: string
}

/** Modules of white around the code: the quiet zone scanners need (4 by the QR standard). */
const QUIET = 4

/**
 * The address as a QR code: black square modules on white with the standard quiet zone, in both themes (phone
 * cameras read dark on light best). Carries `data-testid="receive-qr"` and the address in `data-uri`.
 */
export function AddressQr({ address, size = 224, label }: AddressQrProps) {
  const { size: n, path } = useMemo(() => qrPath(address), [address])
  const box = n + QUIET * 2
  return (
    <div className="portico-receive-qr" data-testid="receive-qr" data-uri={address} style={{ width: size, height: size }}>
      <svg role="img" aria-label={label} viewBox={`${-QUIET} ${-QUIET} ${box} ${box}`} width="100%" height="100%" shapeRendering="crispEdges">
        <rect x={-QUIET} y={-QUIET} width={box} height={box} fill="#ffffff" />
        <path d={path} fill="#000000" />
      </svg>
    </div>
  )
}
