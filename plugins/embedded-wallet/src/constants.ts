import { FRAME_ERROR_MESSAGES } from '@portico/contracts/spec'
/** The auth connector's id (SPEC §3 connector type AUTH); other plugins find the embedded wallet under it. */
export const AUTH_CONNECTOR_ID = 'auth'

/** The view that holds the frame's approval UI while an unsafe request waits (SPEC §2, §4). */
export const APPROVE_VIEW = 'ApproveTransaction'

/** The view where the visitor chooses between the eoa and the smart account (SPEC §1). */
export const ACCOUNT_TYPE_VIEW = 'AccountType'

/** The frame protocol version the app asks for (SPEC §9: default frame SDK version 4). */
export const FRAME_SDK_VERSION = '4'

/** How long the frame has to say READY before the app gives up on it (reference/login-frame.md). */
export const READY_TIMEOUT_MS = 20_000

/** SPEC §9 auth event timeout: a request unanswered this long is aborted. */
export const REQUEST_TIMEOUT_MS = 30_000

/** SPEC §9 email login cooldown: no new code before this long after the last one was sent. */
export const EMAIL_COOLDOWN_MS = 30_000

/** Sign-out waits at most this long for the frame: the visitor is signed out locally either way. */
export const SIGN_OUT_TIMEOUT_MS = 3_000

/** The frame's error texts with a fixed meaning (frame-design: "Frame error messages with fixed meaning"). */
export const FRAME_MESSAGES = FRAME_ERROR_MESSAGES
