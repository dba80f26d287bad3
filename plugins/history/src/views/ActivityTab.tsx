import { useEffect, useMemo, useRef, useState } from 'react'
import { formatRelativeTime, groupTransactionsByMonth } from '@portico/contracts/spec'
import { Button, EmptyState, SectionLabel, SkeletonList, Spinner, Text, useKernel, useNetwork, useLocale, usePorticoSelector, useTranslate, WalletImage } from '@portico/kernel'
import { ActivityIcon, AlertIcon, ArrowDownIcon, ArrowUpIcon, ExchangeIcon, RetryIcon } from '@portico/kernel/icons'
import { counterparty, operationFallback, operationKey, transactionImage, transfersLabel } from '../display.js'
import { historyDeps } from '../plugin.js'
import type { Transaction } from '../schemas.js'
import { selectHistory } from '../slice.js'
import { historyKey, historyTarget, loadMoreTransactions, loadTransactions, visibleTransactions } from '../transactions.js'
import './history.css'

const SKELETON_ROWS = 4

const OUTGOING = new Set(['send', 'withdraw', 'burn', 'repay', 'approve'])
const INCOMING = new Set(['receive', 'deposit', 'claim', 'borrow', 'mint'])

/** The picture of a transaction that moved nothing the list can show (a contract call): its direction. */
function OperationIcon({ operationType }: { operationType: string }) {
  const Icon = operationType === 'trade' ? ExchangeIcon : OUTGOING.has(operationType) ? ArrowUpIcon : INCOMING.has(operationType) ? ArrowDownIcon : ActivityIcon
  return (
    <span className="portico-history-icon" aria-hidden="true">
      <Icon size={20} />
    </span>
  )
}

function TransactionRow({ tx, address, now }: { tx: Transaction; address: string; now: number }) {
  const t = useTranslate()
  const { code: locale } = useLocale()
  const key = operationKey(tx.metadata.operationType)
  const title = key ? t(key) : operationFallback(tx.metadata.operationType)
  const description = transfersLabel(tx, locale) ?? t('history.to', { address: counterparty(tx, address) })
  const image = transactionImage(tx)
  const status = tx.metadata.status === 'failed' || tx.metadata.status === 'pending' ? tx.metadata.status : undefined
  return (
    <div role="listitem" className="portico-history-row" data-testid={`transaction-${tx.id}`} data-status={tx.metadata.status}>
      {image.moved ? (
        <WalletImage src={image.url} name={image.name} size={40} shape={image.nft ? 'rounded' : 'circle'} />
      ) : (
        <OperationIcon operationType={tx.metadata.operationType} />
      )}
      <span className="portico-history-row__text">
        <span className="portico-history-row__title">
          {title}
          {status && <span className={`portico-tag portico-tag--${status === 'failed' ? 'warning' : 'neutral'}`}>{t(`history.status.${status}`)}</span>}
        </span>
        <span className="portico-history-row__description" data-testid="transaction-description">
          {description}
        </span>
      </span>
      <time className="portico-history-row__time" dateTime={tx.metadata.minedAt} title={tx.metadata.minedAt} data-testid="transaction-time">
        {formatRelativeTime(tx.metadata.minedAt, now, locale)}
      </time>
    </div>
  )
}

function Skeleton({ label }: { label: string }) {
  return <SkeletonList label={label} rows={SKELETON_ROWS} lines={(i) => ['35%', `${45 + i * 8}%`]} data-testid="history-skeleton" />
}

/**
 * Calls `onVisible` when the element scrolls into view, and again after each change of `version` while it stays
 * in view (a page that added nothing visible must not stall the list). Without IntersectionObserver it reports
 * `false`, and the caller shows a button instead.
 */
function useOnVisible(onVisible: () => void, enabled: boolean, version: unknown) {
  const ref = useRef<HTMLDivElement>(null)
  const visible = useRef(false)
  const callback = useRef(onVisible)
  callback.current = onVisible
  const [observing, setObserving] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return
    setObserving(true)
    const observer = new IntersectionObserver(
      (entries) => {
        visible.current = entries.some((e) => e.isIntersecting)
        if (visible.current) callback.current()
      },
      { rootMargin: '0px 0px 160px 0px' },
    )
    observer.observe(el)
    return () => {
      observer.disconnect()
      visible.current = false
    }
  }, [enabled])
  useEffect(() => {
    if (enabled && visible.current) callback.current()
  }, [enabled, version])
  return { ref, observing }
}

/**
 * The Activity tab: transactions of the active account on the active network, newest first, grouped by month
 * (the current year by month name, older ones with the year), with relative times; more load as the list
 * scrolls to its end.
 */
export default function ActivityTab() {
  const kernel = useKernel()
  const t = useTranslate()
  const { code: locale } = useLocale()
  const { network } = useNetwork()
  const history = usePorticoSelector((s) => selectHistory(s))
  const key = usePorticoSelector((s) => {
    const target = historyTarget(s)
    return target ? historyKey(target) : undefined
  })
  const target = useMemo(() => (key ? { caipNetworkId: key.slice(0, key.indexOf('|')), address: key.slice(key.indexOf('|') + 1) } : undefined), [key])
  const deps = useMemo(() => historyDeps({ ...kernel, t: kernel.t, notify: kernel.notify }), [kernel])

  // every time the tab shows, and for each account or network while it shows: the newest page
  useEffect(() => {
    if (key) void loadTransactions(deps)
  }, [deps, key])

  const mine = history.key === key && key !== undefined
  const now = Date.now()
  const groups = useMemo(
    () => (mine && target ? groupTransactionsByMonth(visibleTransactions(history.transactions, target.caipNetworkId), now, { locale }) : []),
    // `now` moves on each render; the groups only need to follow the data
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [mine, history.transactions, target?.caipNetworkId, locale],
  )
  const canLoadMore = mine && history.status === 'ready' && Boolean(history.next) && !history.moreFailed
  const more = useOnVisible(() => void loadMoreTransactions(deps), canLoadMore && !history.loadingMore, history.transactions.length)

  if (!target) {
    return (
      <EmptyState data-testid="history-empty" icon={<ActivityIcon size={28} />} title={t('history.empty.title')} description={t('history.empty.description', { network: network?.name ?? t('history.thisNetwork') })} />
    )
  }
  if (groups.length === 0) {
    if (!mine || history.status === 'loading' || history.status === 'idle') return <Skeleton label={t('history.loading')} />
    if (history.status === 'failed')
      return (
        <EmptyState
          data-testid="history-error"
          tone="error"
          icon={<AlertIcon size={28} />}
          title={t('history.error.title')}
          description={t('history.error.description')}
          action={
            <Button variant="secondary" icon={<RetryIcon size={16} />} onClick={() => void loadTransactions(deps)}>
              {t('history.retry')}
            </Button>
          }
        />
      )
    if (!history.next)
      return (
        <EmptyState
          data-testid="history-empty"
          icon={<ActivityIcon size={28} />}
          title={t('history.empty.title')}
          description={t('history.empty.description', { network: network?.name ?? t('history.thisNetwork') })}
        />
      )
  }

  return (
    <div className="portico-history" data-testid="history-list" aria-busy={history.status === 'loading' || history.loadingMore || undefined}>
      {groups.map((group) => (
        <section key={group.key} className="portico-history-group" aria-labelledby={`portico-history-${group.key}`} data-group={group.key}>
          <SectionLabel id={`portico-history-${group.key}`}>{group.title}</SectionLabel>
          <div role="list" aria-label={group.title || t('history.list')} className="portico-history-list">
            {group.transactions.map((tx) => (
              <TransactionRow key={tx.id} tx={tx} address={target.address} now={now} />
            ))}
          </div>
        </section>
      ))}
      {history.loadingMore ? (
        <div className="portico-history-footer" data-testid="history-loading-more">
          <Spinner size={20} label={t('history.loadingMore')} />
        </div>
      ) : history.moreFailed ? (
        <div className="portico-history-footer" role="alert" data-testid="history-more-error">
          <Text variant="small" tone="muted">
            {t('history.more.failed')}
          </Text>
          <Button size="sm" icon={<RetryIcon size={14} />} onClick={() => void loadMoreTransactions(deps)}>
            {t('history.retry')}
          </Button>
        </div>
      ) : canLoadMore ? (
        <div ref={more.ref} className="portico-history-footer" data-testid="history-more">
          {more.observing ? (
            <Spinner size={20} label={t('history.loadingMore')} />
          ) : (
            <Button size="sm" onClick={() => void loadMoreTransactions(deps)}>
              {t('history.loadMore')}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  )
}
