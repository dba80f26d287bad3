import { useEffect } from 'react'
import { formatUsd, truncateAddress } from '@portico/contracts/spec'
import { Button, EmptyState, Spinner, Stack, Text, useAccount, useKernel, useLocale, useNetwork, usePorticoSelector, useTranslate, WalletImage, Avatar } from '@portico/kernel'
import { AlertIcon, ArrowDownIcon, RetryIcon, WarningIcon } from '@portico/kernel/icons'
import { parseAmount, tokenDecimals, unitsToDecimal } from '../amounts.js'
import { liveNative } from '../balances.js'
import { formatFee, isInsufficientGas } from '../fees.js'
import { previewFee, submitSend } from '../flow.js'
import { selectSend } from '../slice.js'
import './send.css'

/**
 * WalletSendPreview: what is sent, to whom and on which network, the network fee in the native currency and in
 * USD (estimated on opening), "Insufficient gas" when the balance cannot pay it, and Send, which waits for the
 * wallet. A failed send keeps everything for another try.
 */
export default function SendPreviewView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { code: locale } = useLocale()
  const account = useAccount()
  const { network } = useNetwork()
  const send = usePorticoSelector(selectSend)
  const native = usePorticoSelector((s) => liveNative(selectSend(s).tokenBalances, s), (a, b) => a?.quantity.numeric === b?.quantity.numeric && a?.price === b?.price)
  const { token, receiverAddress } = send
  const parsed = token ? parseAmount(send.sendTokenAmount ?? '', tokenDecimals(token)) : undefined
  const units = parsed && 'units' in parsed ? parsed.units : undefined

  useEffect(() => {
    if (send.feeStatus === 'idle' && token && units !== undefined && receiverAddress) void previewFee(kernel)
  }, [kernel, send.feeStatus, token, units, receiverAddress])

  if (!token || units === undefined || !receiverAddress || !network) {
    // nothing to preview (the form was reset): back to the form
    return (
      <div data-testid="view-WalletSendPreview">
        <EmptyState
          icon={<AlertIcon size={28} />}
          title={t('send.error.token')}
          action={
            <Button variant="secondary" onClick={() => kernel.router.goBack()}>
              {t('send.preview.back')}
            </Button>
          }
        />
      </div>
    )
  }

  const nativeSymbol = network.nativeCurrency.symbol
  const fee = send.fee !== undefined ? BigInt(send.fee) : undefined
  // what the sender pays beside the amount: the fee, and on Solana a new token account's rent deposit
  const rent = send.rent !== undefined && send.rent !== '0' ? BigInt(send.rent) : undefined
  const insufficient =
    fee !== undefined &&
    isInsufficientGas({ fee: fee + (rent ?? 0n), native, token, units, smartAccount: account.preferredAccountType === 'smartAccount', decimals: network.nativeCurrency.decimals })
  const amount = unitsToDecimal(units, tokenDecimals(token))
  const usd = token.price > 0 ? Number(amount) * token.price : undefined
  const ready = send.feeStatus === 'ready' && !insufficient

  return (
    <Stack gap={4} className="portico-send" data-testid="view-WalletSendPreview" aria-busy={send.loading || undefined}>
      <div className="portico-send-summary">
        <Text as="p" variant="small" tone="muted">
          {t('send.preview.sending')}
        </Text>
        <div className="portico-send-summary__row">
          <WalletImage src={token.iconUrl || undefined} name={token.symbol} size={36} shape="circle" decorative />
          <Text variant="title" weight="semibold" data-testid="send-preview-amount" dir="ltr">
            {`${amount} ${token.symbol}`}
          </Text>
        </div>
        {usd !== undefined && (
          <Text as="p" variant="small" tone="muted" data-testid="send-preview-usd">
            {formatUsd(usd, locale)}
          </Text>
        )}
        <ArrowDownIcon size={18} className="portico-send-summary__arrow" />
        <Text as="p" variant="small" tone="muted">
          {t('send.receiver')}
        </Text>
        <div className="portico-send-summary__row" title={send.receiverResolvedAddress ?? receiverAddress}>
          <Avatar address={send.receiverResolvedAddress ?? receiverAddress.trim()} src={send.receiverProfileImageUrl} size={36} decorative />
          <Text variant="body" weight="semibold" data-testid="send-preview-receiver" dir="ltr">
            {send.receiverProfileName || truncateAddress(receiverAddress.trim())}
          </Text>
        </div>
        {send.receiverResolvedAddress && (
          <Text as="p" variant="small" tone="muted" data-testid="send-preview-receiver-address" dir="ltr">
            {truncateAddress(send.receiverResolvedAddress)}
          </Text>
        )}
      </div>

      <dl className="portico-send-details">
        <div>
          <dt>{t('send.preview.network')}</dt>
          <dd data-testid="send-preview-network">
            <WalletImage src={network.assets?.imageUrl} name={network.name} size={18} shape="circle" decorative />
            {network.name}
          </dd>
        </div>
        <div>
          <dt>{t('send.preview.fee')}</dt>
          <dd data-testid="send-preview-fee" aria-live="polite">
            {send.feeStatus === 'loading' || send.feeStatus === 'idle' ? (
              <Spinner size={16} label={t('send.preview.fee.loading')} />
            ) : send.feeStatus === 'failed' ? (
              <Text tone="error">{t('send.preview.fee.failed')}</Text>
            ) : (
              <>
                <span data-testid="send-preview-fee-native" dir="ltr">
                  {formatFee(fee!, network.nativeCurrency.decimals, nativeSymbol, locale)}
                </span>
                {native && native.price > 0 && (
                  <span className="portico-send-details__usd" data-testid="send-preview-fee-usd">
                    {formatUsd(send.gasPriceInUSD ?? 0, locale)}
                  </span>
                )}
              </>
            )}
          </dd>
        </div>
        {rent !== undefined && send.feeStatus === 'ready' && (
          <div title={t('send.preview.rent.note', { symbol: token.symbol })}>
            <dt>{t('send.preview.rent')}</dt>
            <dd data-testid="send-preview-rent" dir="ltr">
              {formatFee(rent, network.nativeCurrency.decimals, nativeSymbol, locale)}
            </dd>
          </div>
        )}
      </dl>

      {insufficient && (
        <div className="portico-send-warning" role="alert" data-testid="send-insufficient-gas">
          <WarningIcon size={18} />
          <div>
            <Text as="p" weight="semibold">
              {t('send.preview.insufficientGas')}
            </Text>
            <Text as="p" variant="small">
              {t('send.preview.insufficientGas.description', { symbol: nativeSymbol, network: network.name })}
            </Text>
          </div>
        </div>
      )}

      {send.feeStatus === 'failed' && (
        <Button variant="secondary" fullWidth icon={<RetryIcon size={16} />} onClick={() => void previewFee(kernel)} data-testid="send-fee-retry">
          {t('send.retry')}
        </Button>
      )}

      {send.loading && (
        <Text as="p" variant="small" tone="muted" align="center" role="status">
          {t('send.preview.waiting')}
        </Text>
      )}

      <div className="portico-send-actions">
        <Button variant="secondary" size="lg" disabled={send.loading} onClick={() => kernel.router.goBack()} data-testid="send-edit">
          {t('send.preview.back')}
        </Button>
        <Button variant="primary" size="lg" disabled={!ready} loading={send.loading} onClick={() => void submitSend(kernel)} data-testid="send-confirm">
          {t('send.preview.confirm')}
        </Button>
      </div>
    </Stack>
  )
}
