import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

/** Gzipped size (zlib level 9) of a file or bytes. */
export function gzipSize(input: string | Buffer): number {
  const bytes = typeof input === 'string' ? readFileSync(input) : input
  return gzipSync(bytes, { level: 9 }).length
}

export const fmtBytes = (n: number) => `${n.toLocaleString('en-US')} B (${(n / 1024).toFixed(1)} KB)`
