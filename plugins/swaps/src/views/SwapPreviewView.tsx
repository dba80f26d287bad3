import { useEffect } from 'react'
import { Button, EmptyState, Spinner, Stack, Text, WalletImage, useKernel, useLocale, useNetwork, usePorticoSelector, useTranslate } from '@portico/kernel'
import { AlertIcon, ArrowDownIcon, CheckIcon, InfoIcon } from '@portico/kernel/icons'
import { formatAmount } from '../amounts.js'
import { approveSwap, checkAllowance, submitSwap } from '../flow.js'
import { selectSwaps, swapsActions } from '../slice.js'
import { QuoteDetails, useQuoteFigures } from './QuoteDetails.js'
import { useQuoteRefresh } from './useQuoteRefresh.js'
import './swaps.css'

/**
 * SwapPreview: what is paid and the least received, the network and the quote's figures (still refreshing), then
 * the approve step when the exchange may not yet spend the token (its own wallet prompt, and its progress until
 * mined), then Swap. Once sent, the view shows the swap until the network confirms it; Done returns to Account.
 */
export default function SwapPreviewView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { code: locale } = useLocale()
  const { network } = useNetwork()
  const swaps = usePorticoSelector(selectSwaps)
  const figures = useQuoteFigures()
  const busy = swaps.step === 'approving' || swaps.step === 'swapping'
  const sent = swaps.step === 'sent' || swaps.step === 'confirmed'
  useQuoteRefresh(busy || sent)

  useEffect(() => {
    if (swaps.allowanceStatus === 'idle' && figures && swaps.step === 'form') void checkAllowance(kernel)
  }, [kernel, swaps.allowanceStatus, figures, swaps.step])

  const done = () => {
    kernel.store.dispatch(swapsActions.swapReset())
    kernel.router.reset('Account')
  }

  if (sent && swaps.txHash) {
    const confirmed = swaps.step === 'confirmed'
    return (
      <Stack gap={4} className="portico-swap" data-testid="view-SwapPreview">
        <div className="portico-swap-summary" data-testid="swap-sent" data-status={confirmed ? 'confirmed' : 'pending'}>
          {confirmed ? <CheckIcon size={32} /> : <Spinner size={32} label={t('swaps.sent.pending')} />}
          <Text variant="title" weight="semibold" as="h3">
            {confirmed ? t('swaps.sent.confirmed') : t('swaps.sent.title')}
          </Text>
          {figures && (
            <Text as="p" variant="small" tone="muted" dir="ltr">
              {t('swaps.sent.description', {
                from: `${formatAmount(figures.fromAmount, locale)} ${figures.from.symbol}`,
                to: `${formatAmount(Number(figures.minimumDecimal), locale)} ${figures.to.symbol}`,
              })}
            </Text>
          )}
          {!confirmed && (
            <Text as="p" variant="small" tone="muted" aria-live="polite">
              {t('swaps.sent.pending')}
            </Text>
          )}
        </div>
        <Button variant="primary" size="lg" fullWidth data-testid="swap-done" onClick={done}>
          {t('swaps.sent.done')}
        </Button>
      </Stack>
    )
  }

  if (!figures || !network) {
    // nothing to preview (the form was reset, or the quote is being asked for again)
    return (
      <div data-testid="view-SwapPreview">
        {swaps.quoteStatus === 'loading' ? (
          <EmptyState icon={<Spinner size={28} />} title={t('swaps.quote.loading')} />
        ) : (
          <EmptyState
            icon={<AlertIcon size={28} />}
            title={swaps.quoteStatus === 'noRoute' ? t('swaps.quote.noRoute') : swaps.quoteStatus === 'failed' ? t('swaps.quote.failed') : t('swaps.submit.choose')}
            {...(swaps.error ? { description: t(swaps.error.key, swaps.error.params) } : {})}
            data-testid="swap-preview-empty"
            action={
              <Button variant="secondary" data-testid="swap-back" onClick={() => kernel.router.goBack()}>
                {t('swaps.preview.back')}
              </Button>
            }
          />
        )}
      </div>
    )
  }

  const { from, to, fromAmount, toAmount } = figures
  const needsApproval = swaps.allowanceStatus === 'short'
  const checking = swaps.allowanceStatus === 'loading' || swaps.allowanceStatus === 'idle'

  return (
    <Stack gap={4} className="portico-swap" data-testid="view-SwapPreview" aria-busy={busy || undefined}>
      <div className="portico-swap-summary">
        <Text as="p" variant="small" tone="muted">
          {t('swaps.preview.pay')}
        </Text>
        <div className="portico-swap-summary__row">
          <WalletImage src={from.logoUri || undefined} name={from.symbol} size={36} shape="circle" decorative />
          <Text variant="title" weight="semibold" data-testid="swap-preview-from" dir="ltr">
            {`${formatAmount(fromAmount, locale)} ${from.symbol}`}
          </Text>
        </div>
        <ArrowDownIcon size={18} className="portico-swap-summary__arrow" />
        <Text as="p" variant="small" tone="muted">
          {t('swaps.to')}
        </Text>
        <div className="portico-swap-summary__row">
          <WalletImage src={to.logoUri || undefined} name={to.symbol} size={36} shape="circle" decorative />
          <Text variant="title" weight="semibold" data-testid="swap-preview-to" dir="ltr">
            {`${formatAmount(toAmount, locale)} ${to.symbol}`}
          </Text>
        </div>
      </div>

      <dl className="portico-swap-details">
        <div>
          <dt>{t('swaps.preview.network')}</dt>
          <dd data-testid="swap-preview-network">
            <WalletImage src={network.assets?.imageUrl} name={network.name} size={18} shape="circle" decorative />
            {network.name}
          </dd>
        </div>
      </dl>
      <QuoteDetails />

      {swaps.error && (
        <p className="portico-swap-note portico-swap-note--error" role="alert" data-testid="swap-error">
          <AlertIcon size={18} />
          <span>{t(swaps.error.key, swaps.error.params)}</span>
        </p>
      )}
      {checking && (
        <p className="portico-swap-progress" data-testid="swap-allowance-loading">
          <Spinner size={16} />
          {t('swaps.preview.allowance.loading', { symbol: from.symbol })}
        </p>
      )}
      {needsApproval && swaps.step !== 'approving' && (
        <p className="portico-swap-note" data-testid="swap-approve-needed">
          <InfoIcon size={18} />
          <span>{t('swaps.preview.approve.needed', { symbol: from.symbol })}</span>
        </p>
      )}
      {swaps.step === 'approving' && (
        <p className="portico-swap-progress" role="status" data-testid="swap-approving">
          <Spinner size={16} />
          {t('swaps.preview.approving', { symbol: from.symbol })}
        </p>
      )}
      {swaps.step === 'swapping' && (
        <p className="portico-swap-progress" role="status" data-testid="swap-swapping">
          <Spinner size={16} />
          {t('swaps.preview.swapping')}
        </p>
      )}

      <div className="portico-swap-actions">
        <Button variant="secondary" size="lg" data-testid="swap-edit" disabled={busy} onClick={() => kernel.router.goBack()}>
          {t('swaps.preview.back')}
        </Button>
        {needsApproval || swaps.step === 'approving' ? (
          <Button variant="primary" size="lg" data-testid="swap-approve" loading={swaps.step === 'approving'} onClick={() => void approveSwap(kernel)}>
            {t('swaps.preview.approve', { symbol: from.symbol })}
          </Button>
        ) : (
          <Button
            variant="primary"
            size="lg"
            data-testid="swap-confirm"
            disabled={swaps.allowanceStatus !== 'enough' && swaps.allowanceStatus !== 'failed'}
            loading={swaps.step === 'swapping'}
            onClick={() => void submitSwap(kernel)}
          >
            {t('swaps.preview.confirm')}
          </Button>
        )}
      </div>
    </Stack>
  )
}
