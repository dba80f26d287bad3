import { useState } from 'react'
import { cx } from './classNames.js'

/** Background colours for monograms; each keeps white text above 4.5:1. */
const MONOGRAM_COLORS = ['#1d4ed8', '#6d28d9', '#be185d', '#b91c1c', '#047857', '#0e7490', '#92400e', '#4338ca', '#15803d']

function hash(s: string): number {
  let h = 2166136261
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619)
  return h >>> 0
}

/** Up to two letters standing for `name`: initials of its words, or its first characters. */
export function monogramInitials(name: string): string {
  const clean = name.replace(/^0x/i, '').trim()
  const words = clean.split(/[\s._-]+/).filter((w) => /[\p{L}\p{N}]/u.test(w))
  if (words.length === 0) return '?'
  const letters = words.length > 1 ? [words[0], words[1]].map((w) => Array.from(w)[0]) : Array.from(words[0]).slice(0, 2)
  return letters.join('').toUpperCase()
}

export type MonogramProps = {
  name: string
  size?: number
  shape?: 'rounded' | 'circle'
  className?: string
  /** Hidden from assistive technology when a visible label beside it already names it. */
  decorative?: boolean
}

/** A generated image: initials on a colour derived from `name`. */
export function Monogram({ name, size = 40, shape = 'rounded', className, decorative }: MonogramProps) {
  const color = MONOGRAM_COLORS[hash(name) % MONOGRAM_COLORS.length]
  return (
    <span
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
      data-monogram=""
      className={cx('portico-image', 'portico-monogram', `portico-image--${shape}`, className)}
      style={{ width: size, height: size, background: color, fontSize: Math.round(size * 0.38) }}
    >
      <span aria-hidden="true">{monogramInitials(name)}</span>
    </span>
  )
}

export type WalletImageProps = {
  src?: string
  /** Wallet, network or token name: the alt text and the monogram's source. */
  name: string
  size?: number
  shape?: 'rounded' | 'circle'
  className?: string
  /** Hidden from assistive technology (empty alt) when a visible label beside it already names it. */
  decorative?: boolean
}

/**
 * An image for a wallet, network or token that falls back to a {@link Monogram} when the source is missing or
 * fails to load, so a broken image never shows.
 *
 * @example
 * <WalletImage src={connector.imageUrl} name={connector.name} />
 */
export function WalletImage({ src, name, size = 40, shape = 'rounded', className, decorative }: WalletImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>()
  if (!src || failedSrc === src) return <Monogram name={name} size={size} shape={shape} className={className} decorative={decorative} />
  return (
    <img
      src={src}
      alt={decorative ? '' : name}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      draggable={false}
      className={cx('portico-image', `portico-image--${shape}`, className)}
      onError={() => setFailedSrc(src)}
    />
  )
}

export type AvatarProps = {
  address: string
  src?: string | null
  size?: number
  /** Accessible name; the address by default. */
  label?: string
  /** Hidden from assistive technology when the text beside it already names the account. */
  decorative?: boolean
  className?: string
}

/**
 * An account's picture: its profile image when it has one, else a gradient generated from the address, the
 * same address always giving the same colours.
 */
export function Avatar({ address, src, size = 40, label, decorative, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>()
  const name = label ?? address
  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        alt={decorative ? '' : name}
        width={size}
        height={size}
        className={cx('portico-image', 'portico-image--circle', className)}
        onError={() => setFailedSrc(src)}
      />
    )
  }
  const h = hash(address.toLowerCase())
  const a = h % 360
  const b = (a + 40 + ((h >>> 9) % 100)) % 360
  const c = (b + 60) % 360
  return (
    <span
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
      data-avatar=""
      className={cx('portico-image', 'portico-image--circle', 'portico-avatar', className)}
      style={{
        width: size,
        height: size,
        background: `radial-gradient(circle at 30% 25%, hsl(${c} 85% 72%) 0%, transparent 55%), linear-gradient(135deg, hsl(${a} 75% 55%), hsl(${b} 70% 42%))`,
      }}
    />
  )
}
