import { useMemo } from 'react'
import { qrPath } from './qrPath.js'

/** Modules of white around the code: the quiet zone scanners need (4 by the QR standard). */
const QUIET = 4

/**
 * The Farcaster link as a QR code: black square modules on white with the quiet zone, in both themes (phone
 * cameras read dark on light best). Carries `data-testid="farcaster-qr"` and the link in `data-uri`.
 *
 * @example
 * <FarcasterQr url="farcaster://connect?…" label="QR code to sign in with Farcaster" />
 */
export function FarcasterQr({ url, size = 224, label, dimmed = false }: { url: string; size?: number; label: string; dimmed?: boolean }) {
  const { size: n, path } = useMemo(() => qrPath(url), [url])
  const box = n + QUIET * 2
  return (
    <div className="portico-farcaster-qr" data-testid="farcaster-qr" data-uri={url} data-dimmed={dimmed || undefined} style={{ width: size, height: size }}>
      <svg role="img" aria-label={label} viewBox={`${-QUIET} ${-QUIET} ${box} ${box}`} width="100%" height="100%" shapeRendering="crispEdges">
        <rect x={-QUIET} y={-QUIET} width={box} height={box} fill="#ffffff" />
        <path d={path} fill="#000000" />
      </svg>
    </div>
  )
}
