// Pure spec utilities, zod schemas and constants (SPEC §3, §5, §6, §8, §9). Everything here is data or a pure
// function: no window/document, no I/O, zod the only dependency.
export * from './address.js'
export {
  type ChainNamespace,
  CHAIN_NAMESPACES,
  isCaipAddress,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
  validateCaipAddress,
  validateChainId,
  type CaipAddress,
  type CaipNetworkId,
  type ParsedCaipAddress,
  type ParsedCaipNetworkId,
} from './caip.js'
export * from './constants.js'
export * from './format.js'
export * from './history.js'
export * from './names.js'
export * from './parseError.js'
export * from './rpc.js'
