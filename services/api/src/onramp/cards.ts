/** What the sandbox does with a card number. */
export type CardOutcome = 'success' | 'declined' | 'insufficient_funds' | 'authenticate'

/** The sandbox's documented test cards (any future expiry, any 3-digit CVC). */
export const TEST_CARDS: readonly { number: string; outcome: CardOutcome; label: string }[] = [
  { number: '4242424242424242', outcome: 'success', label: 'Payment succeeds' },
  { number: '4000000000000002', outcome: 'declined', label: 'Card declined' },
  { number: '4000000000009995', outcome: 'insufficient_funds', label: 'Insufficient funds' },
  { number: '4000000000003220', outcome: 'authenticate', label: '3-D Secure: your bank asks for a code' },
]

/** The code the sandbox's 3-D Secure step accepts. */
export const SANDBOX_3DS_CODE = '123456'

/** The provider's messages, one sentence each, as its checkout and the modal show them. */
export const CARD_ERRORS = {
  invalidNumber: 'Your card number is invalid.',
  notTestCard: 'This is not a sandbox test card: use one of the numbers listed on this page.',
  expired: 'Your card has expired.',
  invalidExpiry: 'Your card’s expiration date is invalid: use MM/YY.',
  invalidCvc: 'Your card’s security code is invalid.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  authenticationFailed: 'The verification code was wrong, so your card was not charged.',
} as const

/** Luhn checksum of a digit string. */
export function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return digits.length >= 12 && sum % 10 === 0
}

/**
 * Checks the card fields and tells what the sandbox does with the card, or the provider's message for a field that
 * is wrong.
 *
 * @example
 * readCard({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }, new Date()) // { outcome: 'success', last4: '4242' }
 */
export function readCard(card: { number: string; expiry: string; cvc: string }, now: Date): { outcome: CardOutcome; last4: string } | { error: string; field: 'number' | 'expiry' | 'cvc' } {
  const digits = card.number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return { error: CARD_ERRORS.invalidNumber, field: 'number' }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry)
  const month = Number(expiry?.[1])
  if (!expiry || month < 1 || month > 12) return { error: CARD_ERRORS.invalidExpiry, field: 'expiry' }
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])
  // valid through the last day of the month
  if (new Date(Date.UTC(year, month, 1)).getTime() <= now.getTime()) return { error: CARD_ERRORS.expired, field: 'expiry' }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { error: CARD_ERRORS.invalidCvc, field: 'cvc' }
  const test = TEST_CARDS.find((c) => c.number === digits)
  if (!test) return { error: CARD_ERRORS.notTestCard, field: 'number' }
  return { outcome: test.outcome, last4: digits.slice(-4) }
}
