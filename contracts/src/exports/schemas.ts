import '../zodConfig.js'
/** `@portico/contracts/schemas`: zod schemas of the SPEC §3 entities. */
export * from '../spec/schemas/index.js'
