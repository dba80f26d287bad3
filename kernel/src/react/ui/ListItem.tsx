import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react'
import { ChevronRightIcon, CheckIcon } from './icons.js'
import { Spinner } from './Spinner.js'
import { WalletImage } from './WalletImage.js'
import { cx } from './classNames.js'

export type ListItemProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'name'> & {
  name: ReactNode
  /** Image URL; falls back to a monogram of `imageName` (or `name` when it is text). */
  imageUrl?: string
  imageName?: string
  /** Replaces the image with any node (an icon). */
  icon?: ReactNode
  imageShape?: 'rounded' | 'circle'
  description?: ReactNode
  tag?: ReactNode
  tagVariant?: 'accent' | 'success' | 'neutral' | 'warning'
  /** Shows a spinner at the end and disables the item. */
  loading?: boolean
  /** Marks the item as the current choice (a check at the end). */
  selected?: boolean
  /** Shows a chevron at the end. */
  chevron?: boolean
  ref?: Ref<HTMLButtonElement>
}

/**
 * A full-width row button: image, name, optional description and tag, and a trailing chevron, check or spinner.
 *
 * @example
 * <ListItem data-testid="connector-injected" name="Browser Wallet" imageUrl={icon} tag="installed" tagVariant="success" onClick={go} />
 */
export function ListItem({
  name,
  imageUrl,
  imageName,
  icon,
  imageShape = 'rounded',
  description,
  tag,
  tagVariant = 'neutral',
  loading,
  selected,
  chevron,
  className,
  disabled,
  type = 'button',
  ...rest
}: ListItemProps) {
  const monogramName = imageName ?? (typeof name === 'string' ? name : '?')
  return (
    <button
      type={type}
      data-list-item=""
      className={cx('portico-list-item', selected && 'portico-list-item--selected', className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      aria-current={selected || undefined}
      {...rest}
    >
      {/* decorative: the name beside it already labels the row */}
      <span className="portico-list-item__image" aria-hidden="true">
        {icon ?? <WalletImage src={imageUrl} name={monogramName} size={40} shape={imageShape} decorative />}
      </span>
      <span className="portico-list-item__text">
        <span className="portico-list-item__name">{name}</span>
        {description && <span className="portico-list-item__description">{description}</span>}
      </span>
      {tag !== undefined && tag !== null && tag !== '' && (
        <span className={cx('portico-tag', `portico-tag--${tagVariant}`)}>{tag}</span>
      )}
      {loading ? (
        <Spinner size={18} />
      ) : selected ? (
        <CheckIcon className="portico-list-item__check" size={18} />
      ) : chevron ? (
        <ChevronRightIcon className="portico-list-item__chevron" size={18} />
      ) : null}
    </button>
  )
}
