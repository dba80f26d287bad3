/**
 * The local Solana chain's fixed identity and dev keys: the chain (tests/solana/server) funds these keys with SOL
 * and PTD on start, and the Dev Wallet's Solana wallet signs with them. Browser-safe: only `@solana/kit`.
 *
 * Every seed is `sha256("portico-solana-dev-key-<i>")` (the mint's and its authority's seeds likewise), so they are
 * stable across runs. The addresses are written out for synchronous use; `keys.test.ts` derives them again from the
 * seeds with `@solana/kit` and fails if they drift.
 */
import {
  address,
  createKeyPairSignerFromPrivateKeyBytes,
  getBase16Encoder,
  type Address,
  type KeyPairSigner,
} from '@solana/kit'

export type SolanaDevKey = {
  /** 32-byte ed25519 seed (the private key), hex without 0x. */
  seed: string
  /** Base58 address derived from {@link SolanaDevKey.seed}. */
  address: Address
}

/** Deterministic dev keys. The chain funds each with {@link SOLANA_DEV_SOL} SOL and {@link SOLANA_PTD} grant. */
export const SOLANA_DEV_KEYS: readonly SolanaDevKey[] = [
  { seed: '51a8ee43f87dd98ae564ad627b1f68cd1232ad2038f61dbfa2c73914e03aeded', address: address('4LewGdh9oEkfpyJCR9QnabVVYGg5c1FvCo9Tt9tyUNnh') },
  { seed: '075efdb3306432fb55c589d4f7e3f519bf2c21fad06a7478210002b3f5636c3c', address: address('34NdDoTDirezU2PMNBdnXoBPgohEkigF42WQnuF29Szx') },
  { seed: '837ed4a7aa2ae8a5357c48e4a168cf1cea0981a974a4683c2b5b7d836c304428', address: address('t2BapMsYSRBM2Dg7u7Uw2JKq1scV4nMA9EDTVBfaax4') },
  { seed: '42b1ce436ee9e987cb99007a27e1b6011ca6cff59adb0f550a796d23ac42c624', address: address('2kuPRCjQfNH5FyKLedba9XzKK4CvFAZdmpn1Xqhw939m') },
  { seed: '65c8bad242d8b649734be11662ed941c59cd9ba103e9a2d83b23693325071d10', address: address('3PrtY7sq3V1UXNmTx9TnbgVJVKjXYeNv3ihfwpf7hAXh') },
  { seed: '8a653a0a02f86f03d1393ba2c5e89808a0aca1243c2e43e1428620fbb96d02ca', address: address('FcoPxt3hcksatXNdrk7Gte9uWRYAwzL85ncSDLdtoqsv') },
  { seed: 'c45bb499b3d27121bc8af80857c1a446dcfc602262e23b6a94be07ba183080a4', address: address('EF6Aq3VCaD2ffSDs3dJV7vfFyAQfcwYAQgeR2LXXoXs8') },
  { seed: 'ec54cabfeeee3e04ae39de4e9945f70ddc932e0890115d6562598a50bbeeeaa1', address: address('FNpCSArgWEkXwm5Uktx3qEmePFEoaHbKyfKM4EL8vEVD') },
]

/** Base58 addresses of {@link SOLANA_DEV_KEYS}, in order. */
export const SOLANA_DEV_ADDRESSES: readonly Address[] = SOLANA_DEV_KEYS.map((k) => k.address)

/** Whole SOL each dev key holds on a fresh chain. */
export const SOLANA_DEV_SOL = 1000n
/** Lamports per SOL (9 decimals). */
export const LAMPORTS_PER_SOL = 1_000_000_000n

/** Genesis hash the local chain reports from `getGenesisHash` (base58 of `sha256("portico-local-solana-genesis")`). */
export const SOLANA_LOCAL_GENESIS_HASH = '2HpdrUj58LmkytJebbafrZb2ousvaTgPecuiDxGbULqQ'
/** CAIP-2 id of the local chain: `solana:` and the first 32 characters of its genesis hash. */
export const SOLANA_LOCAL_CHAIN_ID = `solana:${SOLANA_LOCAL_GENESIS_HASH.slice(0, 32)}` as const

/** The dev stack's SPL test token (the Solana twin of anvil's PTD ERC-20). */
export const SOLANA_PTD = {
  name: 'Portico Test Dollar',
  symbol: 'PTD',
  decimals: 6,
  /** Mint address, derived from {@link SOLANA_PTD.mintSeed}. */
  mint: address('ojs1mJjfVKENguZTJX4wbKBF64R4Xo5NnSvCVo4Akdd'),
  /** Seed of the mint account's keypair (`sha256("portico-solana-ptd-mint")`). */
  mintSeed: '3792c0e2c6205f2b3af87ccd2eccaea763f7962e73c813c5a8071aaf92829f03',
  /** Mint (and freeze) authority. */
  mintAuthority: address('5XDvKvt1Ku4Hp9H9YLaNhwxBVKsu9bjF1G7JcmqnkEJj'),
  mintAuthoritySeed: '163d2d9c6873407b05d50c849df23fc81645baa2054423c034551d6416b8a1ed',
  /** Whole tokens each of the first {@link SOLANA_PTD.holders} dev keys holds in its associated token account. */
  grant: 10_000n,
  holders: 4,
} as const

/**
 * A `@solana/kit` signer for a 32-byte hex seed (WebCrypto ed25519, works in Node and the browser).
 *
 * @example
 * const signer = await signerFromSeed(SOLANA_DEV_KEYS[0].seed)
 * signer.address // '4LewGdh9oEkfpyJCR9QnabVVYGg5c1FvCo9Tt9tyUNnh'
 */
export async function signerFromSeed(seed: string, extractable = false): Promise<KeyPairSigner> {
  const bytes = new Uint8Array(getBase16Encoder().encode(seed))
  if (bytes.length !== 32) throw new Error(`A Solana seed must be 32 bytes (64 hex characters), got ${bytes.length}`)
  return createKeyPairSignerFromPrivateKeyBytes(bytes, extractable)
}

/**
 * Signers for all {@link SOLANA_DEV_KEYS}, addresses derived from the seeds.
 *
 * @example
 * const [alice, bob] = await devKeyPairs()
 */
export async function devKeyPairs(): Promise<KeyPairSigner[]> {
  return Promise.all(SOLANA_DEV_KEYS.map((k) => signerFromSeed(k.seed)))
}
