import { BaseError } from '@portico/contracts/plugin'

export class InvalidOptionsError extends BaseError {
  override name = 'InvalidOptionsError'
  constructor(message: string) {
    super(message, { code: 'INVALID_OPTIONS' })
  }
}

export class NetworkError extends BaseError {
  override name = 'NetworkError'
  constructor(message: string, code: 'LAST_NETWORK' | 'ADAPTER_NOT_FOUND' | 'NETWORK_NOT_FOUND') {
    super(message, { code })
  }
}
