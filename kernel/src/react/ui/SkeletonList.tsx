import { cx } from './classNames.js'

export type SkeletonListProps = {
  /** What is loading, for assistive technology ("Loading tokens"). */
  label: string
  rows?: number
  /** Widths of the text bars of each row, e.g. `(i) => ['45%', '30%']`. */
  lines: (row: number) => string[]
  /** The leading image placeholder; `false` for none. */
  image?: 'circle' | 'rounded' | false
  className?: string
  'data-testid'?: string
}

/**
 * Placeholder rows while a list loads: an image and text bars that pulse (still under reduced motion).
 *
 * @example
 * <SkeletonList label="Loading tokens" lines={() => ['45%', '30%']} />
 */
export function SkeletonList({ label, rows = 4, lines, image = 'circle', className, ...rest }: SkeletonListProps) {
  return (
    <div role="status" aria-label={label} data-testid={rest['data-testid']} className={cx('portico-skeleton-list', className)}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="portico-skeleton-row" aria-hidden="true">
          {image && <span className={cx('portico-skeleton', `portico-skeleton--${image}`)} />}
          <span className="portico-skeleton-row__text">
            {lines(i).map((width, j) => (
              <span key={j} className="portico-skeleton" style={{ width }} />
            ))}
          </span>
        </div>
      ))}
    </div>
  )
}
