/** English strings of the portfolio plugin; language packs add other locales under the same keys. */
export const portfolioMessages = {
  'portfolio.tab': 'Tokens',
  'portfolio.total': 'Total balance',
  'portfolio.list': 'Tokens',
  'portfolio.refresh': 'Refresh token balances',
  'portfolio.loading': 'Loading token balances',
  'portfolio.retry': 'Try again',
  'portfolio.unavailable': 'Token Balance Unavailable',
  'portfolio.retryAfter': 'Please try again after {count} seconds',
  'portfolio.error.title': 'Token balances unavailable',
  'portfolio.error.description': 'The balances could not be read. Try again in a moment.',
  'portfolio.empty.title': 'No tokens yet',
  'portfolio.empty.description': 'Tokens you hold on {network} will show here. Buy or receive some to get started.',
  'portfolio.unsupported.title': 'No tokens yet',
  'portfolio.unsupported.description': 'Token balances are not available on {network}. Switch to another network to see them.',
  'portfolio.thisNetwork': 'this network',
  'portfolio.quantity': '{amount} {symbol}',
} as const
