import { useEffect, useMemo } from 'react'
import { Button, EmptyState, IconButton, Spinner, Text, useKernel, useNetwork, usePorticoSelector, useTranslate, WalletImage } from '@portico/kernel'
import { AlertIcon, ImageIcon, RetryIcon } from '@portico/kernel/icons'
import { loadMoreNfts, loadNfts, NFTS_REFRESH_MS, nftsKey, nftsTarget, nftTestId } from '../nfts.js'
import { nftsDeps } from '../plugin.js'
import type { Nft } from '../schemas.js'
import { selectNfts } from '../slice.js'
import './nfts.css'

const SKELETON_CARDS = 4

/** The size the image is drawn at before CSS fits it to its column (a monogram's letters scale with it). */
const IMAGE_SIZE = 160

function NftCard({ nft }: { nft: Nft }) {
  const t = useTranslate()
  const name = nft.name ?? t('nfts.tokenId', { id: nft.tokenId })
  const collection = nft.collection.name ?? nft.collection.symbol ?? t('nfts.unknownCollection')
  return (
    // focusable so the grid can be browsed by keyboard; the label says what the picture shows
    <div role="listitem" tabIndex={0} className="portico-nft" data-testid={nftTestId(nft)} aria-label={t('nfts.item', { name, collection })}>
      <span className="portico-nft__image">
        <WalletImage src={nft.imageUrl ?? undefined} name={nft.name ?? collection} size={IMAGE_SIZE} decorative />
      </span>
      <span className="portico-nft__name" data-testid="nft-name" title={name}>
        {name}
      </span>
      <span className="portico-nft__collection" data-testid="nft-collection" title={collection}>
        {collection}
      </span>
    </div>
  )
}

function Skeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="portico-nfts-grid" data-testid="nfts-skeleton">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <div key={i} className="portico-nft portico-nft--skeleton" aria-hidden="true">
          <span className="portico-skeleton portico-nft__image" />
          <span className="portico-skeleton" style={{ width: '70%' }} />
          <span className="portico-skeleton" style={{ width: '45%' }} />
        </div>
      ))}
    </div>
  )
}

/**
 * The NFTs tab: the account's NFTs on the active network as a grid of images (a monogram where an image is
 * missing or fails to load) with their names and collections, most recently received first, with a refresh
 * button; a skeleton while loading, an empty state that says why, an error state with a retry, and "show more"
 * when there are more pages. Read again every 15 s while shown.
 */
export default function NftsTab() {
  const kernel = useKernel()
  const t = useTranslate()
  const { network } = useNetwork()
  const state = usePorticoSelector((s) => selectNfts(s))
  const key = usePorticoSelector((s) => {
    const target = nftsTarget(s)
    return target ? nftsKey(target) : undefined
  })
  const deps = useMemo(() => nftsDeps({ ...kernel, t: kernel.t, notify: kernel.notify }), [kernel])

  // every time the tab shows, and for each account or network while it shows: the newest page
  useEffect(() => {
    if (!key) return
    void loadNfts(deps)
    const timer = setInterval(() => {
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') void loadNfts(deps, { quiet: true })
    }, NFTS_REFRESH_MS)
    return () => clearInterval(timer)
  }, [deps, key])

  const mine = state.key === key && key !== undefined
  const nfts = mine ? state.nfts : []
  const busy = mine && state.status === 'loading'
  const networkName = network?.name ?? t('nfts.thisNetwork')

  let content
  if (nfts.length > 0) {
    content = (
      <>
        <div role="list" aria-label={t('nfts.list')} className="portico-nfts-grid">
          {nfts.map((nft) => (
            <NftCard key={nftTestId(nft)} nft={nft} />
          ))}
        </div>
        {state.loadingMore ? (
          <div className="portico-nfts-footer" data-testid="nfts-loading-more">
            <Spinner size={20} label={t('nfts.loadingMore')} />
          </div>
        ) : state.moreFailed ? (
          <div className="portico-nfts-footer" role="alert" data-testid="nfts-more-error">
            <Text variant="small" tone="muted">
              {t('nfts.more.failed')}
            </Text>
            <Button size="sm" icon={<RetryIcon size={14} />} onClick={() => void loadMoreNfts(deps)}>
              {t('nfts.retry')}
            </Button>
          </div>
        ) : state.next && state.status === 'ready' ? (
          <div className="portico-nfts-footer">
            <Button size="sm" data-testid="nfts-more" onClick={() => void loadMoreNfts(deps)}>
              {t('nfts.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    )
  } else if (mine && state.status === 'failed') {
    content = (
      <EmptyState
        data-testid="nfts-error"
        tone="error"
        icon={<AlertIcon size={28} />}
        title={t('nfts.error.title')}
        description={t('nfts.error.description')}
        action={
          <Button variant="secondary" icon={<RetryIcon size={16} />} onClick={() => void loadNfts(deps)}>
            {t('nfts.retry')}
          </Button>
        }
      />
    )
  } else if (key && (!mine || state.status === 'loading' || state.status === 'idle')) {
    content = <Skeleton label={t('nfts.loading')} />
  } else {
    const unsupported = mine && state.emptyReason === 'unsupported-network'
    content = (
      <EmptyState
        data-testid="nfts-empty"
        icon={<ImageIcon size={28} />}
        title={t('nfts.empty.title')}
        description={t(unsupported ? 'nfts.unsupported.description' : 'nfts.empty.description', { network: networkName })}
      />
    )
  }

  return (
    <div className="portico-nfts" data-testid="nfts-tab" aria-busy={busy || state.loadingMore || undefined}>
      {key && (
        <div className="portico-nfts-head">
          <IconButton label={t('nfts.refresh')} data-testid="nfts-refresh" disabled={busy} onClick={() => void loadNfts(deps)}>
            {busy ? <Spinner size={16} /> : <RetryIcon size={16} />}
          </IconButton>
        </div>
      )}
      {content}
    </div>
  )
}
