import type { ReactElement, SVGProps } from 'react'

/** Props of the kit's icons: decorative by default, sized in px, drawn with `currentColor`. */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number }

/** `directional` icons point along the reading direction, so they mirror in a right-to-left modal. */
function icon(paths: ReactElement, displayName: string, directional = false) {
  const Icon = ({ size = 20, ...rest }: IconProps) => (
    <svg
      data-directional={directional || undefined}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {paths}
    </svg>
  )
  Icon.displayName = displayName
  return Icon
}

export const CloseIcon = icon(<path d="M18 6 6 18M6 6l12 12" />, 'CloseIcon')
export const ChevronLeftIcon = icon(<path d="m15 18-6-6 6-6" />, 'ChevronLeftIcon', true)
export const ChevronRightIcon = icon(<path d="m9 18 6-6-6-6" />, 'ChevronRightIcon', true)
export const ChevronDownIcon = icon(<path d="m6 9 6 6 6-6" />, 'ChevronDownIcon')
export const CheckIcon = icon(<path d="M20 6 9 17l-5-5" />, 'CheckIcon')
export const CopyIcon = icon(
  <>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
  </>,
  'CopyIcon',
)
export const AlertIcon = icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4M12 16h.01" />
  </>,
  'AlertIcon',
)
export const WarningIcon = icon(
  <>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
  'WarningIcon',
)
export const InfoIcon = icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 16v-4M12 8h.01" />
  </>,
  'InfoIcon',
)
export const WalletIcon = icon(
  <>
    <path d="M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2" />
    <path d="M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4" />
  </>,
  'WalletIcon',
)
export const GridIcon = icon(
  <>
    <rect x="3" y="3" width="7" height="7" rx="1.5" />
    <rect x="14" y="3" width="7" height="7" rx="1.5" />
    <rect x="3" y="14" width="7" height="7" rx="1.5" />
    <rect x="14" y="14" width="7" height="7" rx="1.5" />
  </>,
  'GridIcon',
)
export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </>,
  'SearchIcon',
)
export const GlobeIcon = icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10Z" />
  </>,
  'GlobeIcon',
)
export const CoinsIcon = icon(
  <>
    <circle cx="8" cy="8" r="6" />
    <path d="M18.09 10.37A6 6 0 1 1 10.34 18M7 6h1v4M16.71 13.88l.7.71-2.82 2.82" />
  </>,
  'CoinsIcon',
)
export const ImageIcon = icon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
  </>,
  'ImageIcon',
)
export const ActivityIcon = icon(<path d="M22 12h-4l-3 9L9 3l-3 9H2" />, 'ActivityIcon')
export const ArrowUpIcon = icon(<path d="M12 19V5M5 12l7-7 7 7" />, 'ArrowUpIcon')
export const ArrowDownIcon = icon(<path d="M12 5v14M19 12l-7 7-7-7" />, 'ArrowDownIcon')
export const ExchangeIcon = icon(<path d="M16 3l4 4-4 4M20 7H4M8 21l-4-4 4-4M4 17h16" />, 'ExchangeIcon')
export const CardIcon = icon(
  <>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M2 10h20" />
  </>,
  'CardIcon',
)
export const PowerIcon = icon(<path d="M18.36 6.64a9 9 0 1 1-12.73 0M12 2v10" />, 'PowerIcon')
export const QrIcon = icon(
  <>
    <rect x="3" y="3" width="7" height="7" rx="1" />
    <rect x="14" y="3" width="7" height="7" rx="1" />
    <rect x="3" y="14" width="7" height="7" rx="1" />
    <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h3v-3" />
  </>,
  'QrIcon',
)
export const RetryIcon = icon(
  <>
    <path d="M3 12a9 9 0 0 1 15.5-6.2L21 8" />
    <path d="M21 3v5h-5M21 12a9 9 0 0 1-15.5 6.2L3 16" />
    <path d="M3 21v-5h5" />
  </>,
  'RetryIcon',
)
