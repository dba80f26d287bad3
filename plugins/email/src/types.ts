/**
 * The embedded wallet's email API, as this plugin sees it. The embedded-wallet plugin puts it on its `auth`
 * connector (`connector.embeddedWallet`); this plugin is a separate bundle, so it takes the type only and finds the
 * object at run time (see `embeddedWalletOf` in `api.ts`).
 */
export type { EmbeddedWalletApi } from '@portico/plugin-embedded-wallet'

/** The id of the embedded wallet's connector. */
export const AUTH_CONNECTOR_ID = 'auth'

/** Data of the code view of an email login. */
export type EmailVerifyOtpData = { email: string }
/** Data of the "approve this device" view of an email login. */
export type EmailVerifyDeviceData = { email: string }
/** Data of the update code views: the address being moved to. */
export type UpdateEmailOtpData = { newEmail: string; /** When its code was mailed (ms epoch), for the resend cooldown. */ sentAt?: number }

declare module '@portico/contracts/plugin' {
  interface ViewRegistry {
    EmailVerifyOtp: EmailVerifyOtpData
    EmailVerifyDevice: EmailVerifyDeviceData
    UpdateEmailWallet: undefined
    UpdateEmailPrimaryOtp: UpdateEmailOtpData
    UpdateEmailSecondaryOtp: UpdateEmailOtpData
  }
}
