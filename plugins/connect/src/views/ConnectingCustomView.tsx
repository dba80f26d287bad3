import type { ViewProps } from '@portico/contracts/plugin'
import { Button, EmptyState, Stack, Text, useKernel, useTranslate, WalletImage } from '@portico/kernel'
import { AlertIcon } from '@portico/kernel/icons'

export type ConnectingCustomData = { walletId?: string; name?: string; imageUrl?: string; href?: string; opened?: boolean }

/**
 * What happened after the visitor chose a host-listed wallet: its link opened in a new tab (finish there), the
 * browser blocked the tab (open it from here), or the wallet has no link for this device (go back).
 */
export default function ConnectingCustomView({ data }: ViewProps<ConnectingCustomData | undefined>) {
  const t = useTranslate()
  const kernel = useKernel()
  const wallet = data?.name ?? data?.walletId ?? '?'
  const href = data?.href

  if (!href) {
    return (
      <div data-testid="view-ConnectingCustom" data-state="no-link">
        <EmptyState
          icon={<AlertIcon size={28} />}
          title={t('connecting.missing.title')}
          description={t('connecting.custom.noLink', { wallet })}
          action={<Button onClick={() => kernel.router.goBack()}>{t('connecting.back')}</Button>}
        />
      </div>
    )
  }
  return (
    <div data-testid="view-ConnectingCustom" data-state={data?.opened ? 'opened' : 'blocked'}>
      <Stack gap={4} align="center">
        <WalletImage src={data?.imageUrl} name={wallet} size={80} decorative />
        <Text as="h2" variant="title" align="center">
          {t('connecting.custom.heading', { wallet })}
        </Text>
        <Text as="p" tone="muted" align="center" role="status">
          {data?.opened ? t('connecting.custom.opened', { wallet }) : t('connecting.custom.blocked', { wallet })}
        </Text>
        <a
          data-testid="custom-wallet-open"
          className={`portico-button portico-button--${data?.opened ? 'secondary' : 'primary'} portico-button--md portico-button--full`}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
        >
          <span className="portico-button__label">{t('connecting.custom.open', { wallet })}</span>
        </a>
      </Stack>
    </div>
  )
}
