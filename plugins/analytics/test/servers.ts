/** Servers for the analytics plugin's tests: the shared helpers in tests/utils/jsonServer.ts. */
export { json, startApi, startServer, type Handler } from '../../../tests/utils/jsonServer.js'
