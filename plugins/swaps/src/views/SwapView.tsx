import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react'
import { formatBalance, formatUsd } from '@portico/contracts/spec'
import { Button, EmptyState, SkeletonList, Spinner, Stack, Text, WalletImage, useKernel, useLocale, usePorticoSelector, useTranslate } from '@portico/kernel'
import { AlertIcon, ChevronDownIcon, CoinsIcon, ExchangeIcon, RetryIcon, WarningIcon } from '@portico/kernel/icons'
import { decimalToUnits, formatAmount, unitsToDecimal } from '../amounts.js'
import { loadSwapTokens, refreshQuote, swapForm, swapKey, swapTarget } from '../flow.js'
import { selectSwaps, swapsActions } from '../slice.js'
import { isNativeToken, type SwapTokenItem } from '../tokens.js'
import { QuoteDetails } from './QuoteDetails.js'
import { TokenPicker } from './TokenPicker.js'
import { useQuoteRefresh } from './useQuoteRefresh.js'
import './swaps.css'

/** The button that opens a side's token selector. */
function TokenButton({ side, token, onClick, ref }: { side: 'from' | 'to'; token: SwapTokenItem | undefined; onClick: () => void; ref?: Ref<HTMLButtonElement> }) {
  const t = useTranslate()
  return (
    <button
      ref={ref}
      type="button"
      className={token ? 'portico-swap-token' : 'portico-swap-token portico-swap-token--empty'}
      data-testid={`swap-token-${side}`}
      data-token={token?.symbol}
      aria-haspopup="dialog"
      aria-label={`${t(side === 'from' ? 'swaps.picker.from' : 'swaps.picker.to')}${token ? `: ${token.symbol}` : ''}`}
      onClick={onClick}
    >
      {token && <WalletImage src={token.logoUri || undefined} name={token.symbol} size={28} shape="circle" decorative />}
      {token ? token.symbol : t('swaps.selectToken')}
      <ChevronDownIcon size={16} />
    </button>
  )
}

/**
 * Swap: the token paid and its amount (with the balance and Max), the token received with the quoted amount,
 * and the quote's rate, price impact, minimum received and network fee; the quote refreshes while the view is
 * open. Review opens SwapPreview. What is typed lives in the swaps slice, so the preview's Edit keeps it.
 */
export default function SwapView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { code: locale } = useLocale()
  const swaps = usePorticoSelector(selectSwaps)
  const key = usePorticoSelector((s) => {
    const target = swapTarget(s)
    return target ? swapKey(target) : undefined
  })
  const form = usePorticoSelector(swapForm, (a, b) => JSON.stringify(a, (_k, v) => (typeof v === 'bigint' ? String(v) : v)) === JSON.stringify(b, (_k, v) => (typeof v === 'bigint' ? String(v) : v)))
  const [picking, setPicking] = useState<'from' | 'to' | undefined>(undefined)
  const amountId = useId()
  const buttons = { from: useRef<HTMLButtonElement>(null), to: useRef<HTMLButtonElement>(null) }
  // closing the selector returns the keyboard focus to the button that opened it
  const [returnFocus, setReturnFocus] = useState<'from' | 'to' | undefined>(undefined)
  useEffect(() => {
    if (!picking && returnFocus) {
      buttons[returnFocus].current?.focus()
      setReturnFocus(undefined)
    }
  })
  const closePicker = () => {
    setReturnFocus(picking)
    setPicking(undefined)
  }
  useQuoteRefresh()

  useEffect(() => {
    if (key) void loadSwapTokens(kernel)
  }, [kernel, key])

  const { sourceToken: from, toToken: to, quote } = swaps

  if (!key) {
    return (
      <div data-testid="view-Swap">
        <EmptyState icon={<AlertIcon size={28} />} title={t('swaps.unsupported')} data-testid="swap-unsupported" />
      </div>
    )
  }

  if (swaps.tokens.length === 0) {
    return (
      <div className="portico-swap" data-testid="view-Swap">
        {swaps.tokensStatus === 'failed' ? (
          <EmptyState
            tone="error"
            icon={<AlertIcon size={28} />}
            title={t('swaps.tokens.failed')}
            action={
              <Button variant="secondary" icon={<RetryIcon size={16} />} data-testid="swap-tokens-retry" onClick={() => void loadSwapTokens(kernel, true)}>
                {t('swaps.retry')}
              </Button>
            }
            data-testid="swap-tokens-failed"
          />
        ) : swaps.tokensStatus === 'ready' ? (
          <EmptyState icon={<CoinsIcon size={28} />} title={t('swaps.tokens.empty')} data-testid="swap-tokens-empty" />
        ) : (
          <SkeletonList label={t('swaps.tokens.loading')} rows={3} lines={() => ['30%', '45%']} data-testid="swap-tokens-loading" />
        )}
      </div>
    )
  }

  if (picking) {
    return (
      <div className="portico-swap" data-testid="view-Swap">
        <TokenPicker
          side={picking}
          tokens={swaps.tokens}
          suggested={swaps.suggested}
          popular={swaps.popular}
          selected={picking === 'from' ? from : to}
          onClose={closePicker}
          onPick={(token) => {
            kernel.store.dispatch(picking === 'from' ? swapsActions.sourceTokenSelected(token) : swapsActions.toTokenSelected(token))
            closePicker()
          }}
        />
      </div>
    )
  }

  const max = () => {
    if (!from?.balance) return
    let units = decimalToUnits(from.balance, from.decimals)
    // the native currency keeps enough for the network fee (twice the estimate: wallets cap fees above it)
    if (isNativeToken(from) && swaps.networkFee) units -= 2n * BigInt(swaps.networkFee)
    kernel.store.dispatch(swapsActions.amountChanged(unitsToDecimal(units > 0n ? units : 0n, from.decimals)))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (form.ready && swaps.quoteStatus === 'ready' && quote?.key === form.key) kernel.router.push('SwapPreview')
  }

  const amountNumber = Number(swaps.sourceTokenAmount.replace(',', '.'))
  const fromUsd = from && from.price > 0 && amountNumber > 0 ? amountNumber * from.price : undefined
  const toAmount = to && quote ? Number(unitsToDecimal(BigInt(quote.toAmount), to.decimals)) : undefined
  const toUsd = to && toAmount !== undefined && to.price > 0 ? toAmount * to.price : undefined

  let problem: string | undefined
  if (!form.ready) {
    if (form.problem === 'balance' && from) problem = t('swaps.error.balance', { symbol: from.symbol })
    else if (form.problem === 'decimals' && from) problem = t('swaps.error.decimals', { symbol: from.symbol, decimals: from.decimals })
    else if (form.problem === 'same') problem = t('swaps.error.same')
  }
  const label = !from || !to ? t('swaps.submit.choose') : !form.ready && form.problem === 'amount' ? t('swaps.submit.amount') : (problem ?? t('swaps.submit'))
  const ready = form.ready && swaps.quoteStatus !== 'noRoute' && swaps.quoteStatus !== 'failed' && quote?.key === form.key

  return (
    <form className="portico-swap" data-testid="view-Swap" noValidate onSubmit={submit}>
      <Stack gap={4}>
        <Stack gap={2}>
          <div className="portico-swap-box">
            <div className="portico-swap-box__head">
              <label className="portico-swap-box__label" htmlFor={amountId}>
                {t('swaps.from')}
              </label>
            </div>
            <div className="portico-swap-box__row">
              <input
                id={amountId}
                data-testid="swap-amount"
                className="portico-swap-amount"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0"
                dir="ltr"
                value={swaps.sourceTokenAmount}
                aria-invalid={problem ? true : undefined}
                onChange={(e) => kernel.store.dispatch(swapsActions.amountChanged(e.currentTarget.value))}
              />
              <TokenButton ref={buttons.from} side="from" token={from} onClick={() => setPicking('from')} />
            </div>
            <div className="portico-swap-box__foot">
              <Text variant="small" tone="muted" data-testid="swap-amount-usd">
                {fromUsd !== undefined ? formatUsd(fromUsd, locale) : ''}
              </Text>
              {from?.balance !== undefined && (
                <span className="portico-swap-box__row">
                  <Text variant="small" tone="muted" data-testid="swap-balance">
                    {t('swaps.balance', { amount: formatBalance(from.balance, from.symbol, locale) })}
                  </Text>
                  <Button size="sm" variant="ghost" data-testid="swap-max" onClick={max}>
                    {t('swaps.max')}
                  </Button>
                </span>
              )}
            </div>
          </div>

          <div className="portico-swap-flip-row">
            <button
              type="button"
              className="portico-swap-flip"
              data-testid="swap-flip"
              aria-label={t('swaps.flip')}
              title={t('swaps.flip')}
              onClick={() => kernel.store.dispatch(swapsActions.tokensFlipped())}
            >
              <ExchangeIcon size={16} />
            </button>
          </div>

          <div className="portico-swap-box">
            <div className="portico-swap-box__head">
              <span className="portico-swap-box__label">{t('swaps.to')}</span>
            </div>
            <div className="portico-swap-box__row">
              <output className="portico-swap-amount portico-swap-amount--out" data-testid="swap-output" dir="ltr" aria-live="polite">
                {swaps.quoteStatus === 'loading' && !quote ? <Spinner size={20} label={t('swaps.quote.loading')} /> : toAmount !== undefined ? formatAmount(toAmount, locale) : '0'}
              </output>
              <TokenButton ref={buttons.to} side="to" token={to} onClick={() => setPicking('to')} />
            </div>
            <div className="portico-swap-box__foot">
              <Text variant="small" tone="muted" data-testid="swap-output-usd">
                {toUsd !== undefined ? formatUsd(toUsd, locale) : ''}
              </Text>
              {to?.balance !== undefined && (
                <Text variant="small" tone="muted">
                  {t('swaps.balance', { amount: formatBalance(to.balance, to.symbol, locale) })}
                </Text>
              )}
            </div>
          </div>
        </Stack>

        {swaps.quoteStatus === 'noRoute' && (
          <p className="portico-swap-note" role="alert" data-testid="swap-no-route">
            <WarningIcon size={18} />
            <span>{t('swaps.quote.noRoute')}</span>
          </p>
        )}
        {swaps.quoteStatus === 'failed' && (
          <div className="portico-swap-note portico-swap-note--error" role="alert" data-testid="swap-quote-failed">
            <AlertIcon size={18} />
            <Stack gap={2}>
              <span>{t('swaps.quote.failed')}</span>
              <Button size="sm" variant="secondary" icon={<RetryIcon size={14} />} onClick={() => void refreshQuote(kernel)}>
                {t('swaps.retry')}
              </Button>
            </Stack>
          </div>
        )}
        {quote && form.ready && quote.key === form.key && <QuoteDetails />}

        <Button type="submit" variant="primary" size="lg" fullWidth data-testid="swap-submit" disabled={!ready} loading={form.ready && swaps.quoteStatus === 'loading' && !quote}>
          {label}
        </Button>
      </Stack>
    </form>
  )
}
