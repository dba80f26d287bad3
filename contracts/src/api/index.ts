/** HTTP request and response schemas of the Portico reference API, shared by the server and the client. */
export * from './common.js'
export * from './blockchain.js'
export * from './convert.js'
export * from './profile.js'
export * from './onramp.js'
export * from './sessions.js'
export * from './registry.js'
export * from './analytics.js'
