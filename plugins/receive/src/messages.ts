/** English strings of the receive plugin; language packs add other locales under the same keys. */
export const receiveMessages = {
  'receive.title': 'Receive',
  'receive.qr.label': 'QR code of the address {address}',
  'receive.heading': 'Scan to send to this wallet',
  'receive.description': 'Send only assets of the networks below to this address.',
  'receive.copy': 'Copy address',
  'receive.copied': 'Address copied',
  'receive.copyFailed': 'Could not copy the address. Select it and copy it by hand.',
  'receive.networks': 'Networks this address can receive on',
  'receive.tokens': 'Tokens',
  'receive.notConnected.title': 'No wallet connected',
  'receive.notConnected.description': 'Connect a wallet to see the address to receive on.',
} as const
