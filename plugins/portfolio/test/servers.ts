/** Servers for the portfolio plugin's tests: the shared helpers in tests/utils/jsonServer.ts, plus a stub api answer. */
export { json, startApi, startServer, type Handler } from '../../../tests/utils/jsonServer.js'

/** The supported-chains answer a stub api gives for `ids`. */
export const supportedChains = (...ids: string[]) => ({ http: ids, ws: [] })
