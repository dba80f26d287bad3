import { describe, expect, it } from 'vitest'
import { toBitcoinError } from './errors.js'

describe('toBitcoinError', () => {
  it('error: a provider that left the page (sats-connect finds none) is PROVIDER_NOT_FOUND with a clear message', () => {
    const error = toBitcoinError(new Error('no wallet provider was found'), 'signMessage')
    expect(error).toMatchObject({ code: 'PROVIDER_NOT_FOUND', shortMessage: 'The wallet is no longer available in this browser. Open or reinstall it, then connect again.' })
  })

  it('error: any other wallet failure stays WALLET_REQUEST_FAILED with the wallet\'s first line as details', () => {
    const error = toBitcoinError(new Error('disk full\nat somewhere'), 'signMessage')
    expect(error).toMatchObject({ code: 'WALLET_REQUEST_FAILED', shortMessage: 'The wallet request failed.', details: 'disk full' })
  })
})
