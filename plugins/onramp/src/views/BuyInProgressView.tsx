import { useEffect } from 'react'
import { formatAmount } from '@portico/contracts/spec'
import { Button, Spinner, Stack, Text, useKernel, useLocale, usePorticoSelector, useTranslate } from '@portico/kernel'
import { AlertIcon, CardIcon, CheckIcon } from '@portico/kernel/icons'
import { followCheckout } from '../flow.js'
import { onrampActions, selectOnramp } from '../slice.js'
import './onramp.css'

/** How often the purchase is read while it is not done. */
const FOLLOW_INTERVAL_MS = 1_500

/**
 * BuyInProgress: follows the purchase made in the provider's window (the api's checkout status) until the tokens
 * arrive, then refreshes the balance, the Tokens tab and Activity; a declined card shows the provider's message and
 * offers the window again.
 */
export default function BuyInProgressView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { code: locale } = useLocale()
  const { checkout, purchase, followFailed } = usePorticoSelector(selectOnramp)
  const status = purchase?.status
  const finished = status === 'completed' || status === 'failed'

  useEffect(() => {
    if (!checkout?.id || finished) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = async () => {
      const done = await followCheckout(kernel)
      if (!stopped && !done) timer = setTimeout(() => void tick(), FOLLOW_INTERVAL_MS)
    }
    void tick()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [kernel, checkout?.id, finished])

  const provider = checkout?.provider ?? ''
  const amount = purchase ? `${purchase.purchaseAmount.amount} ${purchase.purchaseAmount.currency}` : ''
  const title =
    status === 'completed' ? t('onramp.progress.completed', { amount })
    : status === 'settling' ? t('onramp.progress.settling', { amount })
    : status === 'paid' ? t('onramp.progress.paid')
    : status === 'authenticating' ? t('onramp.progress.authenticating')
    : status === 'declined' ? t('onramp.progress.declined')
    : status === 'failed' ? t('onramp.progress.failed')
    : t('onramp.progress.waiting', { provider })
  const tone = status === 'completed' ? 'success' : status === 'declined' || status === 'failed' ? 'error' : 'pending'
  const reopen = checkout && (status === undefined || status === 'declined' || status === 'failed' || status === 'authenticating')
  const done = () => {
    kernel.store.dispatch(onrampActions.onrampReset())
    void kernel.router.reset('Account')
  }

  return (
    <Stack gap={4} className="portico-onramp" data-testid="view-BuyInProgress">
      <div className="portico-onramp-progress" data-testid="onramp-status" data-status={status ?? 'waiting'} aria-live="polite">
        <div className="portico-onramp-progress__icon" data-tone={tone} aria-hidden="true">
          {tone === 'success' ? <CheckIcon size={28} /> : tone === 'error' ? <AlertIcon size={28} /> : status ? <Spinner size={28} /> : <CardIcon size={28} />}
        </div>
        <Text as="h3" variant="title" weight="semibold" align="center" dir="auto">
          {title}
        </Text>
        {purchase?.error ? (
          <Text as="p" variant="body" tone="error" align="center" role="alert" data-testid="onramp-error">
            {purchase.error}
          </Text>
        ) : status === undefined ? (
          <Text as="p" variant="small" tone="muted" align="center">
            {t('onramp.progress.waitingDetail')}
          </Text>
        ) : null}
        {purchase && status !== 'declined' && (
          <Text as="p" variant="small" tone="muted" align="center" dir="ltr">
            {t('onramp.progress.paidWith', { amount: `${formatAmount(purchase.paymentTotal.amount, locale)} ${purchase.paymentTotal.currency}` })}
          </Text>
        )}
        {followFailed && (
          <Text as="p" variant="small" tone="muted" align="center">
            {t('onramp.progress.lost')}
          </Text>
        )}
        {checkout?.blocked && !purchase && (
          <Text as="p" variant="small" tone="muted" align="center">
            {t('onramp.progress.blocked')}
          </Text>
        )}
      </div>
      {reopen && (
        <a className="portico-button portico-button--secondary portico-button--md portico-button--full" href={checkout.url} target="_blank" rel="noopener" data-testid="onramp-reopen">
          <span className="portico-button__label">{t(status === 'declined' || status === 'failed' ? 'onramp.progress.retry' : 'onramp.progress.reopen', { provider })}</span>
        </a>
      )}
      {finished && (
        <Button variant="primary" size="lg" fullWidth data-testid="onramp-done" onClick={done}>
          {t('onramp.progress.done')}
        </Button>
      )}
    </Stack>
  )
}
