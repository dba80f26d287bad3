import { formatUsd } from '@portico/contracts/spec'
import { SLIPPAGE_TOLERANCE } from '@portico/contracts/spec'
import { useLocale, usePorticoSelector, useTranslate } from '@portico/kernel'
import { formatAmount, minimumReceived, unitsToDecimal } from '../amounts.js'
import { selectSwaps } from '../slice.js'
import { isNativeToken } from '../tokens.js'

/** The quote's numbers for the form's pair, or undefined while there is no quote. */
export function useQuoteFigures() {
  const swaps = usePorticoSelector(selectSwaps)
  const { sourceToken: from, toToken: to, quote } = swaps
  if (!from || !to || !quote) return undefined
  const fromAmount = Number(unitsToDecimal(BigInt(quote.fromAmount), from.decimals))
  const toUnits = BigInt(quote.toAmount)
  const toAmount = Number(unitsToDecimal(toUnits, to.decimals))
  const minimum = minimumReceived(toUnits)
  const native = swaps.tokens.find(isNativeToken)
  const feeUsd = swaps.networkFee !== undefined && native && native.price > 0 ? Number(unitsToDecimal(BigInt(swaps.networkFee), 18)) * native.price : undefined
  const impact = quote.priceImpact ?? (from.price > 0 && to.price > 0 ? Math.max(0, ((fromAmount * from.price - toAmount * to.price) / (fromAmount * from.price)) * 100) : undefined)
  return { from, to, fromAmount, toAmount, minimum, minimumDecimal: unitsToDecimal(minimum, to.decimals), rate: fromAmount > 0 ? toAmount / fromAmount : 0, feeUsd, impact }
}

/** Rate, price impact, minimum received (at SPEC §9's 1 % slippage) and network fee in USD, as a list of terms. */
export function QuoteDetails() {
  const t = useTranslate()
  const { code: locale } = useLocale()
  const figures = useQuoteFigures()
  if (!figures) return null
  const { from, to, rate, impact, minimumDecimal, feeUsd } = figures
  const percent = (n: number) => `${new Intl.NumberFormat(locale.startsWith('en') ? 'en-US' : locale, { maximumFractionDigits: 2 }).format(n)}%`
  return (
    <dl className="portico-swap-details" data-testid="swap-details">
      <div>
        <dt>{t('swaps.rate')}</dt>
        <dd data-testid="swap-rate" dir="ltr">{`1 ${from.symbol} = ${formatAmount(rate, locale)} ${to.symbol}`}</dd>
      </div>
      {impact !== undefined && (
        <div>
          <dt>{t('swaps.priceImpact')}</dt>
          <dd data-testid="swap-price-impact" dir="ltr">{impact < 0.01 ? `<${percent(0.01)}` : percent(impact)}</dd>
        </div>
      )}
      <div>
        <dt>{t('swaps.minimumReceived')}</dt>
        <dd data-testid="swap-minimum" dir="ltr">{`${formatAmount(Number(minimumDecimal), locale)} ${to.symbol}`}</dd>
      </div>
      <div>
        <dt>{t('swaps.slippage')}</dt>
        <dd data-testid="swap-slippage" dir="ltr">{percent(SLIPPAGE_TOLERANCE)}</dd>
      </div>
      {feeUsd !== undefined && (
        <div>
          <dt>{t('swaps.networkFee')}</dt>
          <dd data-testid="swap-network-fee">{feeUsd > 0 && feeUsd < 0.01 ? `<${formatUsd(0.01, locale)}` : formatUsd(feeUsd, locale)}</dd>
        </div>
      )}
    </dl>
  )
}
