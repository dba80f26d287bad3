import { createHash } from 'node:crypto'
import type { Context, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ApiProblem } from '../errors.js'
import { SANDBOX_3DS_CODE, TEST_CARDS } from './cards.js'
import { PAYMENT_METHOD_LIMITS } from './config.js'
import type { PurchaseRecord } from './purchases.js'
import type { CheckoutDetails, OnrampService } from './service.js'

/*
 * The sandbox provider's hosted checkout: server-rendered pages on the sandbox's own origin (its listener, see
 * sandbox.ts), no script at all (a strict CSP with `default-src 'none'` and the one stylesheet allowed by its hash),
 * so it works like a real provider's page opened in a new window. Forms post back here; the purchase page refreshes
 * itself (meta refresh) until the tokens arrive.
 */

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
const short = (a: string) => (a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a)
const groupCard = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ')

const STYLE = `
:root { color-scheme: light dark; --bg: #f4f5f7; --card: #fff; --text: #16181d; --muted: #5b6270; --line: #dfe2e8;
  --accent: #3b5bdb; --accent-text: #fff; --error: #c92a2a; --error-bg: #fff0f0; --ok: #2b8a3e; --ok-bg: #ebfbee; --badge: #fff3bf; --badge-text: #5c3c00; }
@media (prefers-color-scheme: dark) { :root { --bg: #101216; --card: #1b1e24; --text: #eef0f4; --muted: #a3aab8; --line: #333843;
  --accent: #748ffc; --accent-text: #0b0d12; --error: #ff8787; --error-bg: #3a1d1f; --ok: #69db7c; --ok-bg: #17301d; --badge: #5c4813; --badge-text: #ffe8a3; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--bg); color: var(--text); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  display: flex; align-items: flex-start; justify-content: center; padding: 32px 16px; }
main { width: 100%; max-width: 440px; background: var(--card); border: 1px solid var(--line); border-radius: 16px; padding: 24px; }
header { display: flex; align-items: center; justify-content: space-between; gap: 12px; margin-bottom: 16px; }
h1 { font-size: 18px; margin: 0; }
h2 { font-size: 15px; margin: 20px 0 8px; }
.badge { background: var(--badge); color: var(--badge-text); font-size: 12px; font-weight: 600; padding: 2px 8px; border-radius: 999px; white-space: nowrap; }
.summary { color: var(--muted); margin: 0 0 16px; }
.summary strong { color: var(--text); }
label { display: block; font-weight: 600; font-size: 13px; margin: 12px 0 4px; }
input, select { width: 100%; font: inherit; color: var(--text); background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 10px 12px; }
input:focus, select:focus, button:focus-visible, summary:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
input[aria-invalid="true"] { border-color: var(--error); }
.row { display: flex; gap: 12px; }
.row > div { flex: 1; }
.row > div.narrow { flex: 0 0 110px; }
.hint { color: var(--muted); font-size: 13px; margin: 4px 0 0; }
button { font: inherit; font-weight: 600; border-radius: 10px; padding: 11px 16px; cursor: pointer; border: 1px solid var(--line); background: var(--card); color: var(--text); }
button.primary { width: 100%; margin-top: 20px; background: var(--accent); border-color: var(--accent); color: var(--accent-text); }
button.link { border: none; background: none; color: var(--accent); padding: 4px 0; margin-top: 6px; }
.alert { border-radius: 10px; padding: 10px 12px; margin: 12px 0; }
.alert.error { background: var(--error-bg); color: var(--error); }
.alert.ok { background: var(--ok-bg); color: var(--ok); }
dl { display: grid; grid-template-columns: 1fr auto; gap: 4px 0; margin: 8px 0 0; }
dt { color: var(--muted); }
dd { margin: 0; padding-left: 12px; text-align: right; font-variant-numeric: tabular-nums; }
dt.total, dd.total { color: var(--text); font-weight: 700; border-top: 1px solid var(--line); padding-top: 6px; }
details { margin-top: 20px; color: var(--muted); font-size: 13px; }
summary { cursor: pointer; color: var(--text); font-weight: 600; }
table { width: 100%; border-collapse: collapse; margin-top: 8px; }
td { padding: 4px 0; border-bottom: 1px solid var(--line); }
td:first-child { font-family: ui-monospace, monospace; white-space: nowrap; padding-right: 12px; }
.status { display: flex; align-items: center; gap: 12px; font-size: 16px; font-weight: 600; margin: 8px 0 4px; }
.dot { width: 12px; height: 12px; border-radius: 50%; background: var(--accent); flex: none; }
.dot.ok { background: var(--ok); } .dot.error { background: var(--error); }
code { font-family: ui-monospace, monospace; font-size: 13px; word-break: break-all; }
`

/**
 * The pages' Content-Security-Policy: nothing loads or runs but the one inline stylesheet (allowed by its hash, so
 * an injected `<style>` or `style` attribute does not apply), forms post to this origin only, no page may frame it.
 */
export const CHECKOUT_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`

/**
 * A sandbox page: the body in the shared frame, with the strict CSP and headers a payment page needs.
 *
 * @example
 * return page(c, 'Not found', `<p>Unknown page.</p>`, 404)
 */
export function page(c: Context, title: string, body: string, status: ContentfulStatusCode = 200, refreshSeconds?: number) {
  c.header('Content-Security-Policy', CHECKOUT_CSP)
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'no-referrer')
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('X-Frame-Options', 'DENY')
  const refresh = refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : ''
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh}` +
      `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
    status,
  )
}

/** The page's header: the provider's name and the test-mode badge. */
export const head = (label: string) => `<header><h1>${escapeHtml(label)}</h1><span class="badge">Test mode: no real money</span></header>`

interface FormState {
  amount: string
  currency: string
  number?: string
  expiry?: string
  cvc?: string
  error?: { message: string; field: string }
  quote?: { total: string; fee: string; network: string; subtotal: string; tokens: string }
}

function checkoutPage(c: Context, d: CheckoutDetails & { feePercent: number }, currencies: string[], form: FormState, status: 200 | 422 = 200) {
  const { checkout } = d
  const invalid = (field: string) => (form.error?.field === field ? ' aria-invalid="true" aria-describedby="form-error"' : '')
  const limits = PAYMENT_METHOD_LIMITS.find((l) => l.id === 'card')!
  const options = currencies.map((id) => `<option value="${escapeHtml(id)}"${id === form.currency ? ' selected' : ''}>${escapeHtml(id)}</option>`).join('')
  const quote = form.quote
    ? `<dl data-testid="checkout-quote" aria-label="Price">
        <dt>Provider fee</dt><dd>${escapeHtml(form.quote.fee)} ${escapeHtml(form.currency)}</dd>
        <dt>Network fee</dt><dd>${escapeHtml(form.quote.network)} ${escapeHtml(form.currency)}</dd>
        <dt>Buys tokens for</dt><dd>${escapeHtml(form.quote.subtotal)} ${escapeHtml(form.currency)}</dd>
        <dt class="total">You receive</dt><dd class="total" data-testid="checkout-receive">${escapeHtml(form.quote.tokens)} ${escapeHtml(checkout.asset)}</dd>
      </dl>`
    : ''
  const error = form.error ? `<div class="alert error" role="alert" id="form-error" data-testid="checkout-error">${escapeHtml(form.error.message)}</div>` : ''
  const cards = TEST_CARDS.map((t) => `<tr><td>${groupCard(t.number)}</td><td>${escapeHtml(t.label)}</td></tr>`).join('')
  const body = `${head(d.providerLabel)}
    <p class="summary">Buy <strong>${escapeHtml(checkout.asset)}</strong> on <strong>${escapeHtml(d.networkLabel)}</strong>, sent to
      <strong title="${escapeHtml(checkout.address)}">${escapeHtml(short(checkout.address))}</strong>.</p>
    ${error}
    <form method="post" novalidate>
      <div class="row">
        <div><label for="amount">Amount</label>
          <input id="amount" name="amount" inputmode="decimal" autocomplete="off" value="${escapeHtml(form.amount)}" data-testid="checkout-amount"${invalid('amount')} aria-describedby="amount-hint">
        </div>
        <div class="narrow"><label for="currency">Currency</label>
          <select id="currency" name="currency" data-testid="checkout-currency"${invalid('currency')}>${options}</select>
        </div>
      </div>
      <p class="hint" id="amount-hint">Card payments from ${limits.min} to ${limits.max}. Fee ${escapeHtml(String(d.feePercent))} % plus a network fee.</p>
      <button class="link" type="submit" name="action" value="quote" data-testid="checkout-update">Update price</button>
      ${quote}
      <h2>Card</h2>
      <label for="number">Card number</label>
      <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" value="${escapeHtml(form.number ?? '')}" data-testid="checkout-card-number"${invalid('number')}>
      <div class="row">
        <div><label for="expiry">Expiry (MM/YY)</label>
          <input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/34" value="${escapeHtml(form.expiry ?? '')}" data-testid="checkout-expiry"${invalid('expiry')}></div>
        <div><label for="cvc">Security code</label>
          <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" value="${escapeHtml(form.cvc ?? '')}" data-testid="checkout-cvc"${invalid('cvc')}></div>
      </div>
      <button class="primary" type="submit" name="action" value="pay" data-testid="checkout-pay">Pay ${escapeHtml(form.quote?.total ?? form.amount)} ${escapeHtml(form.currency)}</button>
    </form>
    <details open><summary>Test cards</summary><p>Any future expiry and any 3-digit security code.</p><table>${cards}</table></details>`
  return page(c, `${d.providerLabel}: buy ${checkout.asset}`, body, status)
}

const STATUS_TEXT: Record<PurchaseRecord['status'], { title: string; tone: '' | 'ok' | 'error'; detail: string }> = {
  authenticating: { title: 'Waiting for your bank', tone: '', detail: 'Confirm the payment with your bank.' },
  declined: { title: 'Payment declined', tone: 'error', detail: 'Nothing was charged.' },
  paid: { title: 'Payment received', tone: '', detail: 'Your tokens are about to be sent.' },
  settling: { title: 'Sending your tokens', tone: '', detail: 'Waiting for the network to confirm the transfer.' },
  completed: { title: 'Purchase complete', tone: 'ok', detail: 'The tokens are in your wallet. You can close this window.' },
  failed: { title: 'Purchase failed', tone: 'error', detail: 'Your payment is refunded.' },
}

function purchasePage(c: Context, d: CheckoutDetails, p: PurchaseRecord) {
  const s = STATUS_TEXT[p.status]
  const done = p.status === 'completed' || p.status === 'failed' || p.status === 'declined'
  const body = `${head(d.providerLabel)}
    <div class="status" role="status" data-testid="checkout-status" data-status="${p.status}"><span class="dot ${s.tone}" aria-hidden="true"></span>${escapeHtml(s.title)}</div>
    ${p.error ? `<div class="alert error" role="alert" data-testid="checkout-error">${escapeHtml(p.error)}</div>` : `<p class="summary">${escapeHtml(s.detail)}</p>`}
    <dl>
      <dt>Paid</dt><dd>${escapeHtml(p.paymentTotal)} ${escapeHtml(p.fiatCurrency)} (card •••• ${escapeHtml(p.cardLast4)})</dd>
      <dt>Provider fee</dt><dd>${escapeHtml(p.providerFee)} ${escapeHtml(p.fiatCurrency)}</dd>
      <dt>Network fee</dt><dd>${escapeHtml(p.networkFee)} ${escapeHtml(p.fiatCurrency)}</dd>
      <dt class="total">You receive</dt><dd class="total">${escapeHtml(p.purchaseAmount)} ${escapeHtml(p.asset)}</dd>
      <dt>To</dt><dd title="${escapeHtml(p.address)}">${escapeHtml(short(p.address))} on ${escapeHtml(d.networkLabel)}</dd>
    </dl>
    ${p.txHash ? `<p class="hint">Transaction <code data-testid="checkout-tx">${escapeHtml(p.txHash)}</code></p>` : ''}
    ${p.status === 'declined' || p.status === 'failed' ? `<form method="get" action="/onramp/checkout/${escapeHtml(d.checkout.id)}"><button class="primary" type="submit">Try another card</button></form>` : ''}
    ${p.status === 'authenticating' ? `<form method="get" action="/onramp/purchases/${escapeHtml(p.id)}/verify"><button class="primary" type="submit">Continue to your bank</button></form>` : ''}`
  return page(c, `${d.providerLabel}: ${s.title}`, body, 200, done || p.status === 'authenticating' ? undefined : 2)
}

function verifyPage(c: Context, d: CheckoutDetails, p: PurchaseRecord) {
  const body = `${head(`${d.providerLabel}: your bank`)}
    <p class="summary">Your bank asks you to confirm a payment of <strong>${escapeHtml(p.paymentTotal)} ${escapeHtml(p.fiatCurrency)}</strong>
      with the card ending in ${escapeHtml(p.cardLast4)}. Enter the code it sent you.</p>
    <form method="post">
      <label for="code">Verification code</label>
      <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" data-testid="checkout-3ds-code" aria-describedby="code-hint">
      <p class="hint" id="code-hint">Sandbox: the code is ${SANDBOX_3DS_CODE}; any other code fails the payment.</p>
      <button class="primary" type="submit" data-testid="checkout-3ds-submit">Confirm payment</button>
    </form>`
  return page(c, `${d.providerLabel}: confirm the payment`, body)
}

const field = (body: Record<string, unknown>, name: string, max = 64) => {
  const value = body[name]
  return typeof value === 'string' ? value.slice(0, max) : ''
}

/**
 * Registers the sandbox checkout pages: `/onramp/checkout/{id}` (amount, currency, card; the price on demand),
 * `/onramp/purchases/{id}` (the purchase, refreshing until done) and its 3-D Secure step `/verify`.
 *
 * @example
 * registerCheckoutPages(new Hono(), onramp)
 */
export function registerCheckoutPages(app: Hono, onramp: OnrampService) {
  const currencies = () => Object.keys(onramp.settings.fiatRates)
  const details = async (id: string) => ({ ...(await onramp.details(id)), feePercent: onramp.settings.feePercent })
  const notFoundPage = (c: Context, message: string) => page(c, 'Not found', `${head('Checkout')}<div class="alert error" role="alert">${escapeHtml(message)}</div>`, 404)

  const withDetails = async (c: Context, id: string, then: (d: Awaited<ReturnType<typeof details>>) => Promise<Response> | Response) => {
    try {
      return await then(await details(id))
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 404) return notFoundPage(c, error.message)
      throw error
    }
  }

  app.get('/onramp/checkout/:id', (c) =>
    withDetails(c, c.req.param('id'), async (d) => {
      if (d.expired) return page(c, 'Checkout expired', `${head(d.providerLabel)}<div class="alert error" role="alert">This checkout has expired: start again from the modal.</div>`, 410)
      const latest = d.latest
      if (latest && latest.status !== 'declined' && latest.status !== 'failed') return c.redirect(`/onramp/purchases/${latest.id}`, 303)
      const form: FormState = { amount: d.checkout.presetFiatAmount ?? '', currency: d.checkout.fiatCurrency }
      // the preset amount's price at once, when it is one the card can pay
      if (form.amount) {
        const p = await onramp.price(d.checkout.asset, d.checkout.chainId, form.currency, form.amount).catch(() => undefined)
        if (p) form.quote = { total: p.paymentTotal, fee: p.providerFee, network: p.networkFee, subtotal: p.paymentSubtotal, tokens: p.purchaseAmount }
      }
      return checkoutPage(c, d, currencies(), form)
    }),
  )

  app.post('/onramp/checkout/:id', (c) =>
    withDetails(c, c.req.param('id'), async (d) => {
      const body = (await c.req.parseBody().catch(() => ({}))) as Record<string, unknown>
      const form: FormState = {
        amount: field(body, 'amount', 32).trim(),
        currency: currencies().includes(field(body, 'currency', 8)) ? field(body, 'currency', 8) : d.checkout.fiatCurrency,
        number: field(body, 'number', 32),
        expiry: field(body, 'expiry', 16),
        cvc: field(body, 'cvc', 8),
      }
      try {
        const p = await onramp.price(d.checkout.asset, d.checkout.chainId, form.currency, form.amount || '0')
        form.quote = { total: p.paymentTotal, fee: p.providerFee, network: p.networkFee, subtotal: p.paymentSubtotal, tokens: p.purchaseAmount }
      } catch (error) {
        if (!(error instanceof ApiProblem)) throw error
        form.error = { message: error.message, field: 'amount' }
      }
      if (field(body, 'action') !== 'pay' || form.error) return checkoutPage(c, d, currencies(), form, form.error ? 422 : 200)
      const result = await onramp.pay(d.checkout.id, { amount: form.amount, currency: form.currency, number: form.number!, expiry: form.expiry!, cvc: form.cvc! })
      if ('error' in result) return checkoutPage(c, d, currencies(), { ...form, error: { message: result.error, field: result.field } }, 422)
      const purchase = result.purchase
      if (purchase.status === 'declined') return checkoutPage(c, d, currencies(), { ...form, number: '', cvc: '', error: { message: purchase.error ?? 'Your card was declined.', field: 'number' } }, 422)
      if (purchase.status === 'authenticating') return c.redirect(`/onramp/purchases/${purchase.id}/verify`, 303)
      return c.redirect(`/onramp/purchases/${purchase.id}`, 303)
    }),
  )

  const purchaseRoute = async (c: Context, then: (d: Awaited<ReturnType<typeof details>>, p: PurchaseRecord) => Promise<Response> | Response) => {
    let purchase: PurchaseRecord
    try {
      purchase = await onramp.purchase(c.req.param('id') ?? '')
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 404) return notFoundPage(c, error.message)
      throw error
    }
    return withDetails(c, purchase.checkoutId, (d) => then(d, purchase))
  }

  app.get('/onramp/purchases/:id', (c) => purchaseRoute(c, (d, p) => purchasePage(c, d, p)))
  app.get('/onramp/purchases/:id/verify', (c) =>
    purchaseRoute(c, (d, p) => (p.status === 'authenticating' ? verifyPage(c, d, p) : c.redirect(`/onramp/purchases/${p.id}`, 303))),
  )
  app.post('/onramp/purchases/:id/verify', (c) =>
    purchaseRoute(c, async (_d, p) => {
      const body = (await c.req.parseBody().catch(() => ({}))) as Record<string, unknown>
      await onramp.authenticate(p.id, field(body, 'code', 16))
      return c.redirect(`/onramp/purchases/${p.id}`, 303)
    }),
  )
}
