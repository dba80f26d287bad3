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

/** A wallet's "the user said no", whatever layer it comes from. */
export function isUserRejection(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: unknown; shortMessage?: unknown }
  if (!e || typeof e !== 'object') return false
  if (e.code === 4001 || e.code === 'USER_REJECTED' || e.code === 5000) return true
  return e.cause !== undefined && e.cause !== error ? isUserRejection(e.cause) : false
}
