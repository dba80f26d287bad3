import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { formatBalance, formatUsd } from '@portico/contracts/spec'
import { EmptyState, IconButton, List, ListItem, Stack, Text, WalletImage, useLocale, useTranslate } from '@portico/kernel'
import { CloseIcon, SearchIcon } from '@portico/kernel/icons'
import { searchTokens, type SwapTokenItem } from '../tokens.js'

export type TokenPickerProps = {
  side: 'from' | 'to'
  tokens: readonly SwapTokenItem[]
  suggested: readonly string[]
  popular: readonly string[]
  selected: SwapTokenItem | undefined
  onPick: (token: SwapTokenItem) => void
  onClose: () => void
}

const tokenId = (t: SwapTokenItem) => t.address.toLowerCase()

/**
 * The token selector: a search over the account's balances and the api's tokens, the suggested tokens as chips,
 * then "Your tokens" (with balances) and "Popular tokens". Escape closes it; the search has focus on opening.
 */
export function TokenPicker({ side, tokens, suggested, popular, selected, onPick, onClose }: TokenPickerProps) {
  const t = useTranslate()
  const { code: locale } = useLocale()
  const [query, setQuery] = useState('')
  const searchId = useId()
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])

  const found = useMemo(() => searchTokens(tokens, query), [tokens, query])
  const owned = found.filter((x) => x.balance !== undefined && Number(x.balance) > 0)
  const rank = (x: SwapTokenItem) => {
    const i = popular.findIndex((s) => s.toLowerCase() === x.symbol.toLowerCase())
    return i === -1 ? popular.length : i
  }
  const others = found.filter((x) => !owned.includes(x)).sort((a, b) => rank(a) - rank(b))
  const chips = query ? [] : suggested.map((s) => tokens.find((x) => x.symbol.toLowerCase() === s.toLowerCase())).filter((x): x is SwapTokenItem => x !== undefined)

  const item = (x: SwapTokenItem) => (
    <ListItem
      key={tokenId(x)}
      data-testid={`swap-token-option-${x.symbol}`}
      name={x.symbol}
      imageName={x.symbol}
      imageUrl={x.logoUri || undefined}
      imageShape="circle"
      description={x.balance !== undefined && Number(x.balance) > 0 ? formatBalance(x.balance, x.symbol, locale) : x.name}
      tag={x.balance !== undefined && x.price > 0 && Number(x.balance) > 0 ? formatUsd(Number(x.balance) * x.price, locale) : undefined}
      selected={selected !== undefined && tokenId(selected) === tokenId(x)}
      aria-pressed={selected !== undefined && tokenId(selected) === tokenId(x)}
      onClick={() => onPick(x)}
    />
  )

  return (
    <Stack
      gap={3}
      data-testid={`swap-picker-${side}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation()
          onClose()
        }
      }}
    >
      <div className="portico-swap-box__head">
        <Text variant="body" weight="semibold" as="h3">
          {side === 'from' ? t('swaps.picker.from') : t('swaps.picker.to')}
        </Text>
        <IconButton label={t('swaps.picker.close')} data-testid="swap-picker-close" onClick={onClose}>
          <CloseIcon size={16} />
        </IconButton>
      </div>
      <label className="portico-swap-search" htmlFor={searchId}>
        <SearchIcon size={16} />
        <input
          id={searchId}
          ref={input}
          type="search"
          data-testid="swap-token-search"
          aria-label={t('swaps.search.label')}
          placeholder={t('swaps.search')}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
      </label>
      {chips.length > 0 && (
        <div className="portico-swap-chips" role="group" aria-label={t('swaps.picker.suggested')}>
          {chips.map((x) => (
            <button key={tokenId(x)} type="button" className="portico-swap-chip" data-testid={`swap-token-chip-${x.symbol}`} onClick={() => onPick(x)}>
              <WalletImage src={x.logoUri || undefined} name={x.symbol} size={20} shape="circle" decorative />
              {x.symbol}
            </button>
          ))}
        </div>
      )}
      {found.length === 0 ? (
        <EmptyState icon={<SearchIcon size={28} />} title={t('swaps.picker.empty')} data-testid="swap-picker-empty" />
      ) : (
        <>
          {owned.length > 0 && (
            <div>
              <p className="portico-section-label">{t('swaps.picker.yours')}</p>
              <List label={t('swaps.picker.yours')}>{owned.map(item)}</List>
            </div>
          )}
          {others.length > 0 && (
            <div>
              <p className="portico-section-label">{t('swaps.picker.popular')}</p>
              <List label={t('swaps.picker.popular')}>{others.map(item)}</List>
            </div>
          )}
        </>
      )}
    </Stack>
  )
}
