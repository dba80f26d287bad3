import '../zodConfig.js'
/** `@portico/contracts/api`: request and response schemas of the reference HTTP API (SPEC §7). */
export * from '../api/index.js'
