import { useEffect, useId } from 'react'
import { formatAmount } from '@portico/contracts/spec'
import { Button, EmptyState, Spinner, Stack, Text, useKernel, useLocale, usePorticoSelector, useTranslate } from '@portico/kernel'
import { AlertIcon, InfoIcon, WarningIcon } from '@portico/kernel/icons'
import { checkAmount } from '../amounts.js'
import { isPlaceholderQuote } from '../defaults.js'
import { currentLimits, loadOnramp, onrampTarget, purchaseCurrencies, quoteInput, refreshQuote, startCheckout } from '../flow.js'
import { onrampActions, selectOnramp } from '../slice.js'
import { Chips } from './Chips.js'
import './onramp.css'

/** How long typing must pause before the amount is quoted. */
const QUOTE_DEBOUNCE_MS = 300

/** The quote's figures; the placeholder's are shown as an estimate that could not be made. */
function QuoteBox() {
  const t = useTranslate()
  const { code: locale } = useLocale()
  const onramp = usePorticoSelector(selectOnramp)
  // the form changed since the shown quote was asked for (typing, within the debounce): it is outdated, not ready
  const inputKey = usePorticoSelector((s) => quoteInput(s)?.key)
  const { quote } = onramp
  const quoteStatus = onramp.quoteStatus !== 'idle' && inputKey !== undefined && inputKey !== onramp.quoteKey ? 'loading' : onramp.quoteStatus
  if (quoteStatus === 'idle') return null
  if (quoteStatus === 'loading' && !quote) {
    return (
      <div className="portico-onramp-quote" data-testid="onramp-quote" data-status="loading" aria-live="polite">
        <Spinner size={16} label={t('onramp.quote.loading')} />
        <Text variant="small" tone="muted">{t('onramp.quote.loading')}</Text>
      </div>
    )
  }
  if (!quote) return null
  const placeholder = isPlaceholderQuote(quote)
  const fiat = (a: { amount: string; currency: string }) => (placeholder ? '—' : `${formatAmount(a.amount, locale)} ${a.currency}`)
  return (
    <Stack gap={2}>
      <dl className="portico-onramp-quote" data-testid="onramp-quote" data-status={quoteStatus} data-placeholder={placeholder || undefined} aria-label={t('onramp.quote.title')} aria-busy={quoteStatus === 'loading' || undefined}>
        <dt>{t('onramp.quote.providerFee')}</dt>
        <dd data-testid="onramp-quote-fee">{fiat(quote.coinbaseFee ?? { amount: '0', currency: quote.paymentTotal.currency })}</dd>
        <dt>{t('onramp.quote.networkFee')}</dt>
        <dd data-testid="onramp-quote-network-fee">{fiat(quote.networkFee)}</dd>
        <dt>{t('onramp.quote.subtotal')}</dt>
        <dd>{fiat(quote.paymentSubtotal)}</dd>
        <dt>{t('onramp.quote.total')}</dt>
        <dd data-testid="onramp-quote-total">{fiat(quote.paymentTotal)}</dd>
        <dt className="portico-onramp-quote__total">{t('onramp.quote.receive')}</dt>
        <dd className="portico-onramp-quote__total" data-testid="onramp-quote-receive" dir="ltr">
          {placeholder ? '—' : `${quote.purchaseAmount.amount} ${quote.purchaseAmount.currency}`}
        </dd>
      </dl>
      {placeholder && (
        <p className="portico-onramp-notice" data-testid="onramp-quote-placeholder" role="status">
          <InfoIcon size={16} />
          {t('onramp.quote.placeholder')}
        </p>
      )}
    </Stack>
  )
}

/**
 * OnRampBuy: the token (the network's purchase currencies), the fiat currency, the amount within the card's limits,
 * the quote with its fees (refreshed as the form changes), and Continue, which opens the provider's checkout in a
 * new window and follows the purchase.
 */
export default function OnRampBuyView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { code: locale } = useLocale()
  const amountId = useId()
  const target = usePorticoSelector(onrampTarget)
  const onramp = usePorticoSelector(selectOnramp)
  const tokens = usePorticoSelector(purchaseCurrencies, (a, b) => a.join() === b.join())
  const limits = usePorticoSelector(currentLimits, (a, b) => a.min === b.min && a.max === b.max)
  const provider = onramp.providers.find((p) => p.name === onramp.provider) ?? onramp.providers[0]

  useEffect(() => {
    if (target && onramp.optionsStatus === 'idle') void loadOnramp(kernel)
  }, [kernel, target, onramp.optionsStatus])

  useEffect(() => {
    const controller = new AbortController()
    const timer = setTimeout(() => void refreshQuote(kernel, controller.signal), QUOTE_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [kernel, onramp.amount, onramp.paymentCurrency, onramp.purchaseCurrency, onramp.optionsStatus, limits.min, limits.max])

  if (!target) {
    return (
      <div data-testid="view-OnRampBuy">
        <EmptyState icon={<AlertIcon size={28} />} title={t('onramp.unsupported')} />
      </div>
    )
  }

  const problem = checkAmount(onramp.amount, limits)
  const currency = onramp.paymentCurrency
  const range = { min: formatAmount(limits.min, locale), max: formatAmount(limits.max, locale), currency }
  const opening = onramp.checkoutStatus === 'opening'
  const submit = () => {
    // opened by the click itself, so that no popup blocker stops it; the checkout's address follows
    const win = window.open('', '_blank')
    void startCheckout(kernel, win)
  }

  return (
    <Stack gap={4} className="portico-onramp" data-testid="view-OnRampBuy">
      {onramp.optionsStatus === 'fallback' && (
        <p className="portico-onramp-notice" data-testid="onramp-options-fallback" role="status">
          <WarningIcon size={16} />
          {t('onramp.options.fallback')}
        </p>
      )}
      <Chips label={t('onramp.token')} items={tokens} value={onramp.purchaseCurrency} testId="onramp-token" onChange={(v) => kernel.store.dispatch(onrampActions.purchaseCurrencySelected(v))} />
      <Chips
        label={t('onramp.currency')}
        items={onramp.options.paymentCurrencies.map((c) => c.id)}
        value={currency}
        testId="onramp-fiat"
        onChange={(v) => kernel.store.dispatch(onrampActions.paymentCurrencySelected(v))}
      />
      <div className="portico-onramp-field">
        <label className="portico-onramp-label" htmlFor={amountId}>
          {t('onramp.amount')}
        </label>
        <div className="portico-onramp-amount" data-invalid={problem !== undefined && onramp.amount !== '' ? 'true' : undefined}>
          <input
            id={amountId}
            data-testid="onramp-amount"
            inputMode="decimal"
            autoComplete="off"
            value={onramp.amount}
            aria-invalid={problem !== undefined && onramp.amount !== ''}
            aria-describedby={`${amountId}-hint`}
            onChange={(e) => kernel.store.dispatch(onrampActions.amountChanged(e.target.value.replace(',', '.')))}
          />
          <span className="portico-onramp-amount__currency">{currency}</span>
        </div>
        <p
          id={`${amountId}-hint`}
          className={problem && onramp.amount !== '' ? 'portico-onramp-hint portico-onramp-hint--error' : 'portico-onramp-hint'}
          data-testid="onramp-limits"
          aria-live="polite"
        >
          {problem === 'invalid' && onramp.amount !== ''
            ? t('onramp.amount.invalid')
            : problem === 'range'
              ? t('onramp.amount.range', range)
              : t('onramp.amount.limits', range)}
        </p>
      </div>
      {!problem && <QuoteBox />}
      {onramp.checkoutStatus === 'failed' && (
        <p className="portico-onramp-notice portico-onramp-notice--error" role="alert" data-testid="onramp-error">
          <AlertIcon size={16} />
          {t('onramp.error.checkout', { reason: onramp.checkoutError ?? '' })}
        </p>
      )}
      <Button variant="primary" size="lg" fullWidth data-testid="onramp-submit" disabled={problem !== undefined || !provider || !onramp.purchaseCurrency} loading={opening} onClick={submit}>
        {t(opening ? 'onramp.submit.opening' : 'onramp.submit', { provider: provider?.label ?? '' })}
      </Button>
    </Stack>
  )
}
