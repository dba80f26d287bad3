/**
 * Test doubles for this plugin's tests: a fake of the embedded wallet's email API (scripted answers, recorded
 * calls) on a fake `auth` connector, registered through a real kernel. Not part of the package (excluded from the
 * build).
 */
import { defineConnector, definePlugin, type PluginDefinition } from '@portico/contracts/plugin'
import { EMAIL_LOGIN_COOLDOWN_MS } from '@portico/contracts/spec'
import type { EmbeddedWalletApi } from '../types.js'

export const FAKE_ADDRESS = '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd'
export const GOOD_CODE = '123456'

type Deferred = { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void }
const deferred = (): Deferred => {
  let resolve!: () => void
  let reject!: (e: unknown) => void
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

export type FakeEmbeddedWallet = EmbeddedWalletApi & {
  calls: string[]
  /** What the next `connectEmail` answers. */
  nextAction: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'
  /** What the next `updateEmail` answers. */
  nextUpdateAction: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'
  /** The pending `connectDevice`, settled by the test (the visitor opening the link). */
  device: Deferred
  /** The signal the last `connectDevice` got. */
  deviceSignal: AbortSignal | undefined
  /** Ms epoch of the cooldown's end; set by `connectEmail` like the real one. */
  cooldownUntil: number
  signedInEmail: string | undefined
  /** Makes the auth connector's next `connect` fail with this sentence. */
  failNextConnect: string | undefined
  setEmail(email: string | undefined): void
}

/** A fake of the email API: codes other than {@link GOOD_CODE} are refused with the frame's sentence. */
export function createFakeEmbeddedWallet(): FakeEmbeddedWallet {
  const listeners = new Set<() => void>()
  let pendingNewEmail: string | undefined
  const fake: FakeEmbeddedWallet = {
    calls: [],
    nextAction: 'VERIFY_OTP',
    nextUpdateAction: 'VERIFY_PRIMARY_OTP',
    device: deferred(),
    deviceSignal: undefined,
    cooldownUntil: 0,
    signedInEmail: undefined,
    failNextConnect: undefined,
    setEmail(email) {
      fake.signedInEmail = email
      listeners.forEach((l) => l())
    },
    emailCooldownUntil: () => fake.cooldownUntil,
    async connectEmail(email) {
      fake.calls.push(`connectEmail:${email}`)
      if (fake.cooldownUntil > Date.now()) throw new Error(`Please try again after ${Math.ceil((fake.cooldownUntil - Date.now()) / 1000)} seconds`)
      fake.cooldownUntil = Date.now() + EMAIL_LOGIN_COOLDOWN_MS
      fake.signedInEmail = email
      return { action: fake.nextAction }
    },
    async connectDevice(signal) {
      fake.calls.push('connectDevice')
      fake.deviceSignal = signal
      const d = fake.device
      signal?.addEventListener('abort', () => d.reject(new Error('Request was aborted')))
      return d.promise
    },
    async connectOtp(otp) {
      fake.calls.push(`connectOtp:${otp}`)
      if (otp !== GOOD_CODE) throw new Error('Invalid code. 4 attempts left.')
    },
    async updateEmail(email) {
      fake.calls.push(`updateEmail:${email}`)
      pendingNewEmail = email
      return { action: fake.nextUpdateAction }
    },
    async updateEmailPrimaryOtp(otp) {
      fake.calls.push(`updateEmailPrimaryOtp:${otp}`)
      if (otp !== GOOD_CODE) throw new Error('Invalid code. 4 attempts left.')
    },
    async updateEmailSecondaryOtp(otp) {
      fake.calls.push(`updateEmailSecondaryOtp:${otp}`)
      if (otp !== GOOD_CODE) throw new Error('Invalid code. 4 attempts left.')
      fake.setEmail(pendingNewEmail)
      return { newEmail: pendingNewEmail! }
    },
    email: () => fake.signedInEmail,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return fake
}

/** A plugin registering a fake `auth` connector that carries `wallet` and connects to {@link FAKE_ADDRESS}. */
export function fakeAuthPlugin(wallet: FakeEmbeddedWallet): PluginDefinition {
  const connector = defineConnector({
    id: 'auth',
    name: 'Email',
    type: 'AUTH',
    chains: ['eip155'],
    getProvider: async () => ({}),
    async connect() {
      wallet.calls.push('connect')
      const failure = wallet.failNextConnect
      wallet.failNextConnect = undefined
      if (failure) throw new Error(failure)
      return { address: FAKE_ADDRESS, accounts: [FAKE_ADDRESS], chainId: 31337 }
    },
    async disconnect() {},
    embeddedWallet: wallet,
  })
  return definePlugin({
    name: 'fake-embedded-wallet',
    version: '0.0.0',
    contracts: '^1.0.0',
    kind: 'connector',
    setup: (ctx) => void ctx.registerConnector(connector),
  })
}
