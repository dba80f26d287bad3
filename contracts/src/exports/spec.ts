import '../zodConfig.js'
/** `@portico/contracts/spec`: pure SPEC utilities and constants (CAIP, addresses, formats, history, names, RPC). */
export * from '../spec/index.js'
