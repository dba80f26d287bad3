import { BaseError } from '@portico/contracts/plugin'

/** Asked to sign or send with an address that is only watched: there is no key to do it with. */
export class ReadOnlyAccountError extends BaseError {
  override name = 'ReadOnlyAccountError'
  /** `message` is the visitor's sentence, in their language (the plugin's `watchAddress.readOnly`). */
  constructor(message: string, method: string) {
    super(message, { code: 'READ_ONLY_ACCOUNT', details: `method ${method}` })
  }
}

/** Asked for accounts before the visitor typed an address to watch. */
export class NoWatchedAddressError extends BaseError {
  override name = 'NoWatchedAddressError'
  constructor(message: string) {
    super(message, { code: 'NO_WATCHED_ADDRESS' })
  }
}
