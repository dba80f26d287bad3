import { FRAME_ERROR_MESSAGES } from '@portico/contracts/spec'

/**
 * Messages the app side gives a fixed meaning to (frame-design.md, "Frame error messages with fixed meaning"):
 * change them only together with the embedded-wallet plugin.
 */
export const MESSAGES = {
  ...FRAME_ERROR_MESSAGES,
  somethingWrong: 'Something went wrong',
  solanaUnavailable: 'Solana signing is not available yet',
  socialUnavailable: 'Social login is not available yet.',
  farcasterUnavailable: 'Farcaster login is not available yet.',
  farcasterNotStarted: 'Show the Farcaster code first, then scan it.',
  smartAccountUnavailable: 'Smart accounts are not available on this network.',
  smartAccountServiceUnavailable: 'The smart account service is unavailable. Try again in a moment, or switch to your EOA.',
  /** Followed by the EntryPoint's reason (`AA21 didn't pay prefund`). */
  smartAccountRejected: 'The smart account operation was rejected:',
  /** Followed by the short reason. */
  smartAccountFailed: 'The smart account operation failed:',
  notAllowed: 'Requested RPC call is not allowed',
  notSignedIn: 'You are not signed in.',
  noPendingEmail: 'Request a code for your email first.',
  socialResultInvalid: 'This sign-in result is not valid; start the sign-in again.',
  socialNotStartedHere: 'This sign-in was started in another window; start it again here.',
  socialReturnNotAllowed: 'The sign-in can only return to the page that started it.',
} as const

/**
 * An error whose message is meant for the app (and through it the visitor). Anything else that reaches the router is
 * reported as {@link MESSAGES.somethingWrong} so internals never leak into the host page.
 */
export class FrameFailure extends Error {
  override readonly name = 'FrameFailure'
  constructor(
    message: string,
    /** The auth server's stable code, when the failure came from it. */
    readonly code?: string,
    /** Seconds until a rate-limited request may succeed (the server's retryAfter). */
    readonly retryAfter?: number,
  ) {
    super(message)
  }
}

/** The message a failed request answers with. */
export function messageOf(error: unknown): string {
  if (error instanceof FrameFailure) return error.message
  // viem errors carry a one-line summary; their full message includes request details and version banners
  if (error && typeof error === 'object' && 'shortMessage' in error && typeof error.shortMessage === 'string') {
    return error.shortMessage
  }
  return MESSAGES.somethingWrong
}
