import { useEffect, useMemo } from 'react'
import { formatBalance, formatUsd } from '@portico/contracts/spec'
import { Button, EmptyState, IconButton, SkeletonList, Spinner, Text, useKernel, useNetwork, useLocale, usePorticoSelector, useTranslate, WalletImage } from '@portico/kernel'
import { AlertIcon, CoinsIcon, RetryIcon } from '@portico/kernel/icons'
import { balanceTarget, refreshTokenBalances, targetKey } from '../balances.js'
import { portfolioDeps } from '../plugin.js'
import type { TokenBalance } from '../schemas.js'
import { selectPortfolio } from '../slice.js'
import { sortByValue, totalValue } from '../tokens.js'
import './portfolio.css'

const SKELETON_ROWS = 3


export const tokenTestId = (b: TokenBalance) => `token-${b.address ?? `${b.chainId}:native`}`

function TokenRow({ balance }: { balance: TokenBalance }) {
  const t = useTranslate()
  const { code: locale } = useLocale()
  return (
    <div role="listitem" className="portico-portfolio-row" data-testid={tokenTestId(balance)}>
      <WalletImage src={balance.iconUrl || undefined} name={balance.symbol || balance.name} size={40} shape="circle" />
      <span className="portico-portfolio-row__text">
        <span className="portico-portfolio-row__name">{balance.name}</span>
        <span className="portico-portfolio-row__quantity" data-testid="token-quantity">
          {t('portfolio.quantity', { amount: formatBalance(balance.quantity.numeric, undefined, locale), symbol: balance.symbol })}
        </span>
      </span>
      {balance.value !== undefined && (
        <span className="portico-portfolio-row__value" data-testid="token-value">
          {formatUsd(balance.value, locale)}
        </span>
      )}
    </div>
  )
}

function Skeleton({ label }: { label: string }) {
  return <SkeletonList label={label} rows={SKELETON_ROWS} lines={() => ['45%', '30%']} data-testid="portfolio-skeleton" />
}

/**
 * The Tokens tab: total value on top with a refresh button, then each token with its icon, name, quantity
 * (floored to 3 decimals) and value; a skeleton while loading, and states that say why the list is empty or
 * why it failed.
 */
export default function TokensTab() {
  const kernel = useKernel()
  const t = useTranslate()
  const { code: locale } = useLocale()
  const { network } = useNetwork()
  const portfolio = usePorticoSelector((s) => selectPortfolio(s))
  const key = usePorticoSelector((s) => {
    const target = balanceTarget(s)
    return target ? targetKey(target) : undefined
  })
  const deps = useMemo(
    () => portfolioDeps({ ...kernel, getAdapter: kernel.getAdapter, getConnector: kernel.getConnector, t: kernel.t, notify: kernel.notify }),
    [kernel],
  )

  // shown, or shown for another account or network: read the balances (the 30 s cache answers a quick return)
  useEffect(() => {
    if (key) void refreshTokenBalances(deps)
  }, [deps, key])

  const mine = portfolio.key === key
  const balances = useMemo(() => (mine ? sortByValue(portfolio.balances) : []), [mine, portfolio.balances])
  const loading = portfolio.status === 'loading' || portfolio.status === 'idle' || !mine
  const networkName = network?.name ?? t('portfolio.thisNetwork')
  const refresh = () => void refreshTokenBalances(deps, { forceUpdate: true, manual: true })

  let content
  if (balances.length > 0) {
    content = (
      <div role="list" aria-label={t('portfolio.list')} className="portico-portfolio-list">
        {balances.map((b) => (
          <TokenRow key={tokenTestId(b)} balance={b} />
        ))}
      </div>
    )
  } else if (portfolio.status === 'failed' && mine) {
    content = (
      <EmptyState
        data-testid="portfolio-error"
        tone="error"
        icon={<AlertIcon size={28} />}
        title={t('portfolio.error.title')}
        description={t('portfolio.error.description')}
        action={
          <Button variant="secondary" icon={<RetryIcon size={16} />} onClick={() => void refreshTokenBalances(deps, { manual: true })}>
            {t('portfolio.retry')}
          </Button>
        }
      />
    )
  } else if (loading) {
    content = <Skeleton label={t('portfolio.loading')} />
  } else {
    const unsupported = portfolio.emptyReason === 'unsupported-network'
    content = (
      <EmptyState
        data-testid="portfolio-empty"
        icon={<CoinsIcon size={28} />}
        title={t(unsupported ? 'portfolio.unsupported.title' : 'portfolio.empty.title')}
        description={t(unsupported ? 'portfolio.unsupported.description' : 'portfolio.empty.description', { network: networkName })}
      />
    )
  }

  const busy = portfolio.status === 'loading' && mine
  return (
    <div className="portico-portfolio" data-testid="portfolio-tokens" aria-busy={busy || undefined}>
      <div className="portico-portfolio-head">
        <span className="portico-portfolio-head__total">
          <Text variant="small" tone="muted">
            {t('portfolio.total')}
          </Text>
          <Text variant="title" weight="semibold" data-testid="portfolio-total">
            {formatUsd(totalValue(balances), locale)}
          </Text>
        </span>
        <IconButton label={t('portfolio.refresh')} data-testid="portfolio-refresh" disabled={busy} onClick={refresh}>
          {busy ? <Spinner size={16} /> : <RetryIcon size={16} />}
        </IconButton>
      </div>
      {content}
    </div>
  )
}
