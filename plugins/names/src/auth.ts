import type { PorticoState } from '@portico/contracts/plugin'

/** Whether `connectorId` names an auth connector (the embedded wallet: email or social login). */
export function isAuthConnector(state: PorticoState, connectorId: string | undefined): boolean {
  return connectorId !== undefined && state.connectors.list.some((c) => c.id === connectorId && c.type === 'AUTH')
}
