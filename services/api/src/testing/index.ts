/** Test helpers of the reference API, reusable by other packages' tests: chains, tokens, databases, OpenAPI checks. */
export { ANVIL_DEV_KEYS, anvilBinary, localChain, startAnvil, type AnvilInstance, type AnvilOptions } from './anvil.js'
export {
  clientsFor,
  deployTestToken,
  sendNative,
  testTokenAbi,
  testTokenBytecode,
  transferTestToken,
  type DeployTokenOptions,
  type DeployedToken,
} from './erc20.js'
export { findPostgresBin, startTestPostgres, type TestPostgres } from './postgres.js'
export { testBackends, type TestBackend } from './backends.js'
export { OpenApiChecker, createCheckedClient, type CheckedResponse, type FetchTarget, type OpenApiDocument } from './openapi-check.js'
export { freePort } from './ports.js'
export { DEV_QUERY, startTestApi, type TestApi } from './harness.js'
