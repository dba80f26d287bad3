import { BaseError } from '@portico/contracts/plugin'

export class ConnectorNotFoundError extends BaseError {
  override name = 'ConnectorNotFoundError'
  constructor(id: string) {
    super(`Connector "${id}" is not available.`, { code: 'CONNECTOR_NOT_FOUND' })
  }
}

export class AdapterNotFoundError extends BaseError {
  override name = 'AdapterNotFoundError'
  constructor(namespace: string) {
    super('Adapter not found', { code: 'ADAPTER_NOT_FOUND', details: `no chain adapter for namespace "${namespace}"` })
  }
}

export class NotConnectedError extends BaseError {
  override name = 'NotConnectedError'
  constructor() {
    super('No ActiveCaipAddress found', { code: 'NOT_CONNECTED' })
  }
}

/**
 * "The user said no": adapters and connectors map their wallets' rejection codes to the stable code
 * `USER_REJECTED` (on the error or one it wraps as `cause`); the kernel knows no wallet protocol's codes.
 */
export function isUserRejection(error: unknown, depth = 0): boolean {
  const e = error as { code?: unknown; cause?: unknown }
  if (!e || typeof e !== 'object' || depth > 8) return false
  if (e.code === 'USER_REJECTED') return true
  return e.cause !== undefined && e.cause !== error ? isUserRejection(e.cause, depth + 1) : false
}
