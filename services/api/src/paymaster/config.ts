import { type Address, type Hex, keccak256, stringToHex } from 'viem'

/** The canonical EntryPoint v0.7 (the only one the paymaster signs for). */
export const ENTRY_POINT_V07: Address = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

/**
 * The DEV-ONLY verifying signer of the paymaster: a public key derivation (anyone can sign sponsorships with it), used
 * when PORTICO_PAYMASTER_SIGNER_KEY is not set. The dev stack deploys its VerifyingPaymaster trusting this key.
 */
export const DEV_ONLY_PAYMASTER_SIGNER_KEY: Hex = keccak256(stringToHex('portico DEV-ONLY paymaster signer, never in production'))

/** Settings of the ERC-7677 paymaster endpoint (`createApiServer({ paymaster })`). */
export interface PaymasterOptions {
  /**
   * The VerifyingPaymaster (0.7.0 sample contract) the api signs for, at the same address on every EVM chain it serves
   * (deployed through the CREATE2 deployer). Without it the endpoint answers that no paymaster is configured.
   * Env PORTICO_PAYMASTER_ADDRESS.
   */
  address?: Address
  /** The verifying signer's private key. Default {@link DEV_ONLY_PAYMASTER_SIGNER_KEY}; env PORTICO_PAYMASTER_SIGNER_KEY. */
  signerKey?: Hex
  /** Sponsored user operations per sender and chain per hour, counted in the database (every replica). Default 50. */
  sponsorshipsPerSenderPerHour?: number
  /** How long a sponsorship stays valid, from the chain's latest block time. Default 600 s. */
  validForSeconds?: number
  /** Gas the paymaster's validation may use (it recovers one signature). Default 100,000. */
  verificationGasLimit?: bigint
  /** The server clock, for the hourly windows (tests). */
  now?: () => Date
}

declare module '../config.js' {
  interface ApiServerOptions {
    /** The ERC-7677 paymaster endpoint (`POST /v1/paymaster/{chainId}`): contract address, signer, limits. */
    paymaster?: PaymasterOptions
  }
}

/** Resolved settings. */
export type PaymasterSettings = Required<Omit<PaymasterOptions, 'address'>> & { address: Address | undefined }

/**
 * Fills the defaults in and checks the numbers.
 *
 * @example
 * paymasterSettings({}).sponsorshipsPerSenderPerHour // 50
 */
export function paymasterSettings(options: PaymasterOptions = {}): PaymasterSettings {
  const settings: PaymasterSettings = {
    address: options.address,
    signerKey: options.signerKey ?? DEV_ONLY_PAYMASTER_SIGNER_KEY,
    sponsorshipsPerSenderPerHour: options.sponsorshipsPerSenderPerHour ?? 50,
    validForSeconds: options.validForSeconds ?? 600,
    verificationGasLimit: options.verificationGasLimit ?? 100_000n,
    now: options.now ?? (() => new Date()),
  }
  if (!Number.isInteger(settings.sponsorshipsPerSenderPerHour) || settings.sponsorshipsPerSenderPerHour < 1)
    throw new Error(`paymaster.sponsorshipsPerSenderPerHour: expected a whole number of at least 1, got ${settings.sponsorshipsPerSenderPerHour}`)
  if (!Number.isInteger(settings.validForSeconds) || settings.validForSeconds < 30)
    throw new Error(`paymaster.validForSeconds: expected a whole number of at least 30, got ${settings.validForSeconds}`)
  if (!/^0x[0-9a-fA-F]{64}$/.test(settings.signerKey)) throw new Error('paymaster.signerKey: expected 0x followed by 64 hex characters')
  return settings
}
