import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { SEARCH_MIN_WAIT_MS } from '@portico/contracts/spec'
import { Button, EmptyState, type Kernel, ListItem, SkeletonList, Spinner, Text, useKernel, usePorticoSelector, useTranslate } from '@portico/kernel'
import { AlertIcon, RetryIcon, SearchIcon, WalletIcon } from '@portico/kernel/icons'
import { hasMorePages, loadImages, loadNextPage, loadTopWallets, searchWallets, type WalletsDeps } from '../registry.js'
import type { WalletListing } from '../schemas.js'
import { selectWallets } from '../slice.js'
import { buildWalletEntries, listingEntry, walletDestination, type WalletEntry } from '../walletEntries.js'
import { searchAnnouncement } from './announcements.js'
import { VirtualList } from './VirtualList.js'
import './wallets.css'

/** Row height: a 56 px list item and the 8 px gap under it. */
export const WALLET_ROW_HEIGHT = 64
/** Tallest the list gets; it scrolls inside the modal beyond that. */
const LIST_MAX_HEIGHT = 448
const SKELETON_ROWS = 6

const depsOf = (kernel: Kernel): WalletsDeps => ({ http: kernel.http, dispatch: kernel.store.dispatch, getState: kernel.store.getState })

type SearchState =
  | { status: 'idle' }
  | { status: 'pending'; query: string }
  | { status: 'ready'; query: string; results: WalletListing[] }
  | { status: 'failed'; query: string }

/**
 * Registry search as the visitor types: the skeleton shows at once, the request goes out when typing has paused
 * for 300 ms (so the skeleton stays at least that long, SPEC §9), and an answer to an older query is dropped.
 */
function useWalletSearch(kernel: Kernel, query: string) {
  const [state, setState] = useState<SearchState>({ status: 'idle' })
  const [attempt, setAttempt] = useState(0)
  const term = query.trim()
  useEffect(() => {
    if (!term) return setState({ status: 'idle' })
    setState({ status: 'pending', query: term })
    const controller = new AbortController()
    const timer = setTimeout(() => {
      searchWallets(depsOf(kernel), term, controller.signal).then(
        (results) => !controller.signal.aborted && setState({ status: 'ready', query: term, results }),
        () => !controller.signal.aborted && setState({ status: 'failed', query: term }),
      )
    }, SEARCH_MIN_WAIT_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [kernel, term, attempt])
  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []) }
}

function SkeletonRows({ label }: { label: string }) {
  return (
    <SkeletonList
      label={label}
      rows={SKELETON_ROWS}
      image="rounded"
      lines={(i) => [`${40 + ((i * 17) % 35)}%`]}
      data-testid="all-wallets-skeleton"
    />
  )
}

/**
 * AllWallets: a search field over a virtualized list of every wallet in the registry: recent wallets first, then
 * featured, recommended and the rest in pages of 40 loaded as the visitor scrolls. Choosing a wallet opens its
 * installed extension when there is one, else WalletConnect with the wallet's deep links.
 */
export default function AllWalletsView() {
  const kernel = useKernel()
  const t = useTranslate()
  const wallets = usePorticoSelector((s) => selectWallets(s))
  const recent = usePorticoSelector((s) => s.connection.recentWallets)
  const connectors = usePorticoSelector((s) => s.connectors.list)
  const [query, setQuery] = useState('')
  const search = useWalletSearch(kernel, query)
  const deps = useMemo(() => depsOf(kernel), [kernel])

  useEffect(() => {
    void loadTopWallets(deps)
    if (selectWallets(deps.getState()).page === 0) void loadNextPage(deps)
  }, [deps])

  const browsing = search.state.status === 'idle'
  const entries = useMemo<WalletEntry[]>(() => {
    if (search.state.status === 'ready') return search.state.results.map((l) => listingEntry(l, wallets.images, connectors))
    return buildWalletEntries(wallets, recent, connectors)
  }, [search.state, wallets, recent, connectors])

  // images of the rows on screen: the first 20 of each page are prefetched, the rest load as they scroll in
  const entriesRef = useRef(entries)
  entriesRef.current = entries
  const onRangeChange = useCallback(
    (start: number, end: number) => void loadImages(deps, entriesRef.current.slice(start, end).map((e) => (e.imageUrl ? undefined : e.listing?.image_id))),
    [deps],
  )

  const retryAll = () => {
    void loadTopWallets(deps)
    void loadNextPage(deps)
  }

  const choose = (entry: WalletEntry) => {
    const { view, data } = walletDestination(entry, connectors)
    kernel.router.push(view, data)
  }

  const renderRow = (entry: WalletEntry) => (
    <ListItem
      data-testid={`wallet-${entry.id}`}
      name={entry.name}
      imageUrl={entry.imageUrl}
      tag={entry.tag ? t(`wallets.tag.${entry.tag}`) : undefined}
      tagVariant={entry.tag === 'installed' ? 'success' : 'neutral'}
      onClick={() => choose(entry)}
    />
  )

  // announced politely once a search answers (the region exists before its text, so screen readers hear it)
  const announcement = search.state.status === 'ready' ? searchAnnouncement(t, entries.length) : ''

  let content
  if (!browsing) {
    const s = search.state
    if (s.status === 'pending') content = <SkeletonRows label={t('wallets.searching')} />
    else if (s.status === 'failed')
      content = (
        <EmptyState
          data-testid="all-wallets-search-error"
          tone="error"
          icon={<AlertIcon size={28} />}
          title={t('wallets.search.error.title')}
          description={t('wallets.search.error.description')}
          action={
            <Button variant="primary" icon={<RetryIcon size={16} />} onClick={search.retry}>
              {t('wallets.retry')}
            </Button>
          }
        />
      )
    else if (entries.length === 0)
      content = (
        <EmptyState
          data-testid="all-wallets-no-results"
          icon={<SearchIcon size={28} />}
          title={t('wallets.search.empty.title')}
          description={t('wallets.search.empty.description', { query: s.status === 'ready' ? s.query : '' })}
        />
      )
    else
      content = (
        <VirtualList
          key={`search:${s.status === 'ready' ? s.query : ''}`}
          data-testid="all-wallets-list"
          label={t('wallets.results.label', { query: s.status === 'ready' ? s.query : '' })}
          items={entries}
          rowHeight={WALLET_ROW_HEIGHT}
          maxHeight={LIST_MAX_HEIGHT}
          getKey={(e) => e.id}
          renderRow={renderRow}
          onRangeChange={onRangeChange}
        />
      )
  } else if (entries.length === 0) {
    const loading = wallets.listStatus === 'loading' || wallets.listStatus === 'idle' || wallets.topStatus === 'loading'
    if (loading) content = <SkeletonRows label={t('wallets.loading')} />
    else if (wallets.listStatus === 'failed' || wallets.topStatus === 'failed')
      content = (
        <EmptyState
          data-testid="all-wallets-error"
          tone="error"
          icon={<AlertIcon size={28} />}
          title={t('wallets.error.title')}
          description={t('wallets.error.description')}
          action={
            <Button variant="primary" icon={<RetryIcon size={16} />} onClick={retryAll}>
              {t('wallets.retry')}
            </Button>
          }
        />
      )
    else
      content = (
        <EmptyState data-testid="all-wallets-empty" icon={<WalletIcon size={28} />} title={t('wallets.empty.title')} description={t('wallets.empty.description')} />
      )
  } else {
    const more = hasMorePages(wallets)
    const footer =
      wallets.listStatus === 'loading' ? (
        <div className="portico-wallets-footer" data-testid="all-wallets-loading-more">
          <Spinner size={20} label={t('wallets.loadingMore')} />
        </div>
      ) : wallets.listStatus === 'failed' ? (
        <div className="portico-wallets-footer" data-testid="all-wallets-more-error" role="alert">
          <Text variant="small" tone="muted">
            {t('wallets.more.error')}
          </Text>
          <Button size="sm" icon={<RetryIcon size={14} />} onClick={() => void loadNextPage(deps)}>
            {t('wallets.retry')}
          </Button>
        </div>
      ) : undefined
    content = (
      <VirtualList
        key="browse"
        data-testid="all-wallets-list"
        label={t('wallets.list.label')}
        items={entries}
        rowHeight={WALLET_ROW_HEIGHT}
        maxHeight={LIST_MAX_HEIGHT}
        getKey={(e) => e.id}
        renderRow={renderRow}
        onRangeChange={onRangeChange}
        onEndReached={more && wallets.listStatus !== 'failed' ? () => void loadNextPage(deps) : undefined}
        footer={footer}
      />
    )
  }

  return (
    <div data-testid="view-AllWallets" className="portico-wallets">
      <label className="portico-wallets-search">
        <SearchIcon size={18} className="portico-wallets-search__icon" aria-hidden="true" />
        <input
          type="search"
          data-testid="all-wallets-search"
          className="portico-wallets-search__input"
          aria-label={t('wallets.search.label')}
          placeholder={t('wallets.search.placeholder')}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </label>
      <div role="status" aria-live="polite" aria-atomic="true" className="portico-visually-hidden" data-testid="all-wallets-announcement">
        {announcement}
      </div>
      {content}
    </div>
  )
}
