import type { MouseEvent } from 'react'
import { formatBalance, truncateAddress } from '@portico/contracts/spec'
import { useAccount, useKernel, usePorticoSelector, useTranslate } from './hooks.js'
import { useThemeAttributes } from './modal/theme.js'
import { Spinner } from './ui/Spinner.js'
import { Avatar } from './ui/WalletImage.js'
import { cx } from './ui/classNames.js'

export type ConnectButtonProps = {
  /** Text when not connected; defaults to "Connect Wallet". */
  label?: string
  size?: 'md' | 'sm'
  /** Show the balance next to the address when connected. */
  balance?: 'show' | 'hide'
  className?: string
}

/**
 * Opens the modal: "Connect Wallet" when disconnected, the account's balance and shortened address (or profile
 * name) when connected.
 *
 * @example
 * <PorticoProvider kernel={kernel}><ConnectButton /></PorticoProvider>
 */
export function ConnectButton({ label, size = 'md', balance = 'show', className }: ConnectButtonProps) {
  const kernel = useKernel()
  const t = useTranslate()
  const theme = useThemeAttributes()
  const account = useAccount()
  const status = usePorticoSelector((s) => s.connection.status)
  const open = usePorticoSelector((s) => s.modal.open)
  const connecting = !account.isConnected && (status === 'connecting' || account.status === 'connecting')

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Safari does not focus a clicked button; the modal returns focus to whatever had it.
    event.currentTarget.focus()
    void kernel.open()
  }

  // intent: pointing at or focusing the button starts loading the modal, so the click finds it there
  const onIntent = () => {
    if (kernel.options.preload !== 'none') void kernel.preload()
  }

  const common = {
    type: 'button' as const,
    'data-testid': 'connect-button',
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    onClick,
    onPointerEnter: onIntent,
    onFocus: onIntent,
    ...theme,
  }

  if (account.isConnected && account.address) {
    const shown = account.profileName || truncateAddress(account.address)
    const amount = account.balance !== undefined ? formatBalance(account.balance, account.balanceSymbol, theme.lang) : undefined
    return (
      <button
        {...common}
        className={cx('portico-root', 'portico-connect-button', 'portico-connect-button--account', `portico-connect-button--${size}`, className)}
      >
        {balance === 'show' && amount !== undefined && <span className="portico-connect-button__balance">{amount}</span>}
        <span className="portico-connect-button__account">
          <Avatar address={account.address} src={account.profileImage} size={size === 'sm' ? 20 : 24} decorative />
          <span className="portico-connect-button__address">{shown}</span>
        </span>
      </button>
    )
  }

  return (
    <button
      {...common}
      aria-busy={connecting || undefined}
      className={cx('portico-root', 'portico-connect-button', `portico-connect-button--${size}`, className)}
    >
      {connecting && <Spinner size={16} />}
      <span>{connecting ? t('connectButton.connecting') : (label ?? t('connectButton.connect'))}</span>
    </button>
  )
}
