/** `@portico/siwx-verify`: verify a Portico sign-in session on your own backend. */
export { verifySession, type VerifiedSession, type VerifySessionOptions } from './verifySession.js'
export { SessionVerificationError, type SessionVerificationErrorCode } from './errors.js'
export { parseSignIn, type ParsedSignIn } from './message.js'
export { verifyEip155Signature, verifySolanaSignature } from './signature.js'
