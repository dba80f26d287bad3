import { useEffect, useId, useState, type FormEvent } from 'react'
import { formatBalance, formatUsd, truncateAddress } from '@portico/contracts/spec'
import type { TokenBalance } from '@portico/plugin-portfolio'
import { Avatar, Button, EmptyState, List, ListItem, SkeletonList, Stack, Text, useAccount, useKernel, useLocale, usePorticoSelector, useTranslate } from '@portico/kernel'
import { AlertIcon, CoinsIcon, RetryIcon } from '@portico/kernel/icons'
import { balanceUnits, isNative, parseAmount, tokenDecimals, unitsToDecimal } from '../amounts.js'
import { loadSendBalances, sendTarget, targetKey } from '../balances.js'
import { maxNative } from '../flow.js'
import { lookupReceiver } from '../receiver.js'
import { selectSend, sendActions } from '../slice.js'
import { validateSend, isValid, type SendMessage, type SendProblems } from '../validate.js'
import './send.css'

/** How long typing must pause before a typed receiver is looked up. */
const RECEIVER_LOOKUP_DELAY_MS = 300

const tokenId = (b: TokenBalance) => b.address ?? `${b.chainId}:native`

/** The form's problem under a field, tied to it by id. */
function FieldError({ id, message, testId }: { id: string; message: SendMessage | undefined; testId: string }) {
  const t = useTranslate()
  if (!message) return null
  return (
    <Text as="p" variant="small" tone="error" id={id} role="alert" data-testid={testId} className="portico-send-error">
      {t(message.key, message.params)}
    </Text>
  )
}

/**
 * WalletSend: the token (from the account's balances on this network), the amount with Max (leaving the fee
 * for the native currency), and the receiver address checked for the namespace; "Preview send" opens the preview.
 * What is typed lives in the send slice, so going back from the preview keeps it.
 */
export default function SendView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { code: locale } = useLocale()
  const account = useAccount()
  const send = usePorticoSelector(selectSend)
  const key = usePorticoSelector((s) => {
    const target = sendTarget(s)
    return target ? targetKey(target) : undefined
  })
  const [problems, setProblems] = useState<SendProblems>({})
  const [submitted, setSubmitted] = useState(false)
  const [maxPending, setMaxPending] = useState(false)
  const ids = { token: useId(), amount: useId(), receiver: useId() }

  // the list is read on opening (the HTTP client's 30 s cache answers a quick return) and for another account
  useEffect(() => {
    if (key) void loadSendBalances(kernel)
  }, [kernel, key])

  const namespace = account.namespace ?? 'eip155'
  const token = send.token
  const recheck = (next: Partial<{ token: TokenBalance; amount: string; receiver: string }>) => {
    if (!submitted) return
    setProblems(validateSend({ token, amount: send.sendTokenAmount, receiver: send.receiverAddress, receiverStatus: send.receiverStatus, namespace, ...next }))
  }

  // a typed name is resolved (an address: its own name looked up) once typing pauses
  useEffect(() => {
    if (!send.receiverAddress?.trim()) return
    const timer = setTimeout(() => void lookupReceiver(kernel), RECEIVER_LOOKUP_DELAY_MS)
    return () => clearTimeout(timer)
  }, [kernel, send.receiverAddress, key])
  // the answer arrived after a submit: its problem (or none) shows
  useEffect(() => {
    if (submitted) recheck({})
  }, [send.receiverStatus]) // eslint-disable-line react-hooks/exhaustive-deps

  const choose = (b: TokenBalance) => {
    kernel.store.dispatch(sendActions.tokenSelected(b))
    recheck({ token: b })
  }

  const max = async () => {
    if (!token) return
    let units = balanceUnits(token)
    if (isNative(token)) {
      setMaxPending(true)
      try {
        units = await maxNative(kernel, token, units)
      } catch (error) {
        console.warn('[send] Max:', error) // eslint-disable-line no-console
        units = 0n
      } finally {
        setMaxPending(false)
      }
    }
    const amount = unitsToDecimal(units, tokenDecimals(token))
    kernel.store.dispatch(sendActions.amountChanged(amount))
    recheck({ amount })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    const found = validateSend({ token, amount: send.sendTokenAmount, receiver: send.receiverAddress, receiverStatus: send.receiverStatus, namespace })
    setProblems(found)
    if (isValid(found)) kernel.router.push('WalletSendPreview')
  }

  const parsed = token ? parseAmount(send.sendTokenAmount ?? '', tokenDecimals(token)) : undefined
  const usd = token && parsed && 'units' in parsed && token.price > 0 ? Number(unitsToDecimal(parsed.units, tokenDecimals(token))) * token.price : undefined

  let picker
  if (send.tokenBalances.length > 0 && send.balancesKey === key) {
    picker = (
      <List label={t('send.tokens')} aria-describedby={problems.token ? ids.token : undefined}>
        {send.tokenBalances.map((b) => (
          <ListItem
            key={tokenId(b)}
            data-testid={`send-token-${b.symbol}`}
            data-token={b.address ?? 'native'}
            name={b.symbol}
            imageName={b.symbol}
            imageUrl={b.iconUrl || undefined}
            imageShape="circle"
            description={formatBalance(b.quantity.numeric, b.symbol, locale)}
            tag={b.value ? formatUsd(b.value, locale) : undefined}
            selected={token !== undefined && tokenId(token) === tokenId(b)}
            aria-pressed={token !== undefined && tokenId(token) === tokenId(b)}
            onClick={() => choose(b)}
          />
        ))}
      </List>
    )
  } else if (send.balancesStatus === 'failed') {
    picker = (
      <EmptyState
        tone="error"
        icon={<AlertIcon size={28} />}
        title={t('send.tokens.failed')}
        action={
          <Button variant="secondary" icon={<RetryIcon size={16} />} onClick={() => void loadSendBalances(kernel, true)}>
            {t('send.retry')}
          </Button>
        }
        data-testid="send-tokens-failed"
      />
    )
  } else if (send.balancesStatus === 'ready') {
    picker = <EmptyState icon={<CoinsIcon size={28} />} title={t('send.tokens.empty')} data-testid="send-tokens-empty" />
  } else {
    picker = <SkeletonList label={t('send.tokens.loading')} rows={2} lines={() => ['30%', '45%']} data-testid="send-tokens-loading" />
  }

  return (
    <form className="portico-send" data-testid="view-WalletSend" noValidate onSubmit={submit}>
      <Stack gap={4}>
        <div>
          <p className="portico-section-label">{t('send.tokens')}</p>
          {picker}
          <FieldError id={ids.token} message={problems.token} testId="send-token-error" />
        </div>

        <div className="portico-send-field">
          <div className="portico-send-field__head">
            <label htmlFor={`${ids.amount}-input`} className="portico-send-field__label">
              {t('send.amount')}
            </label>
            {token && (
              <Text variant="small" tone="muted" data-testid="send-balance">
                {t('send.balance', { amount: formatBalance(token.quantity.numeric, token.symbol, locale) })}
              </Text>
            )}
          </div>
          <div className="portico-send-input">
            <input
              id={`${ids.amount}-input`}
              data-testid="send-amount"
              className="portico-send-input__control"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              dir="ltr"
              value={send.sendTokenAmount ?? ''}
              aria-invalid={problems.amount ? true : undefined}
              aria-describedby={problems.amount ? ids.amount : undefined}
              onChange={(e) => {
                kernel.store.dispatch(sendActions.amountChanged(e.currentTarget.value))
                recheck({ amount: e.currentTarget.value })
              }}
            />
            {token && <span className="portico-send-input__symbol">{token.symbol}</span>}
            <Button
              size="sm"
              variant="secondary"
              data-testid="send-max"
              disabled={!token}
              loading={maxPending}
              aria-label={token && isNative(token) ? t('send.max.label', { note: t('send.max.note') }) : undefined}
              onClick={() => void max()}
            >
              {t('send.max')}
            </Button>
          </div>
          {usd !== undefined && (
            <Text as="p" variant="small" tone="muted" data-testid="send-amount-usd">
              {formatUsd(usd, locale)}
            </Text>
          )}
          <FieldError id={ids.amount} message={problems.amount} testId="send-amount-error" />
        </div>

        <div className="portico-send-field">
          <label htmlFor={`${ids.receiver}-input`} className="portico-send-field__label">
            {t('send.receiver')}
          </label>
          <div className="portico-send-input">
            <input
              id={`${ids.receiver}-input`}
              data-testid="send-address"
              className="portico-send-input__control portico-send-input__control--address"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              dir="ltr"
              placeholder={t('send.receiver.placeholder')}
              value={send.receiverAddress ?? ''}
              aria-invalid={problems.receiver ? true : undefined}
              aria-describedby={problems.receiver ? ids.receiver : undefined}
              onChange={(e) => {
                kernel.store.dispatch(sendActions.receiverChanged(e.currentTarget.value))
                recheck({ receiver: e.currentTarget.value })
              }}
            />
          </div>
          {send.receiverResolvedAddress && (
            <div className="portico-send-receiver" data-testid="send-receiver-resolved" title={send.receiverResolvedAddress}>
              <Avatar address={send.receiverResolvedAddress} src={send.receiverProfileImageUrl} size={20} decorative />
              <Text variant="small" tone="muted" dir="ltr">
                {t('send.receiver.resolved', { address: truncateAddress(send.receiverResolvedAddress) })}
              </Text>
            </div>
          )}
          {!send.receiverResolvedAddress && send.receiverProfileName && (
            <div className="portico-send-receiver" data-testid="send-receiver-name">
              <Avatar address={send.receiverAddress?.trim() ?? ''} src={send.receiverProfileImageUrl} size={20} decorative />
              <Text variant="small" tone="muted" dir="ltr">
                {send.receiverProfileName}
              </Text>
            </div>
          )}
          <FieldError id={ids.receiver} message={problems.receiver} testId="send-address-error" />
        </div>

        {problems.form && (
          <Text as="p" variant="small" tone="error" role="alert" data-testid="send-form-error" className="portico-send-error">
            {t(problems.form.key, problems.form.params)}
          </Text>
        )}

        <Button type="submit" variant="primary" size="lg" fullWidth data-testid="send-submit">
          {t('send.submit')}
        </Button>
      </Stack>
    </form>
  )
}
