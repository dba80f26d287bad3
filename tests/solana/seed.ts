/**
 * The dev chain's starting state, like anvil's: every dev key holds {@link SOLANA_DEV_SOL} SOL from genesis, and the
 * PTD test token is created with real transactions (mint account and initializeMint2 by the mint authority, then
 * for each holder its associated token account and a mintToChecked of the grant), so holders see it in history.
 */
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { getCreateAccountInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { LAMPORTS_PER_SOL, SOLANA_DEV_ADDRESSES, SOLANA_DEV_SOL, SOLANA_LOCAL_CHAIN_ID, SOLANA_PTD, signerFromSeed } from './keys.ts'
import type { Ledger } from './ledger.ts'
import { MINT_SIZE } from './parse.ts'

/** SOL the mint authority starts with (it pays for the mint and the holders' token accounts). */
const AUTHORITY_SOL = 100n

async function sendInstructions(ledger: Ledger, payer: KeyPairSigner, instructions: Instruction[]) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(ledger.latestBlockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return ledger.send(ledger.decode(new Uint8Array(getTransactionEncoder().encode(signed))))
}

/**
 * The associated token account of `owner` for the PTD mint.
 *
 * @example
 * const ata = await ptdAccountOf(SOLANA_DEV_ADDRESSES[0])
 */
export async function ptdAccountOf(owner: Address): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner, mint: SOLANA_PTD.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return ata
}

/**
 * Funds the dev keys and creates PTD with the grant in the first {@link SOLANA_PTD.holders} dev keys' associated
 * token accounts. Run once on a fresh ledger.
 *
 * @example
 * const ledger = await Ledger.create()
 * await seedDevChain(ledger)
 */
export async function seedDevChain(ledger: Ledger): Promise<void> {
  const fund = (address: Address, sol: bigint) =>
    ledger.setAccount({ address, data: new Uint8Array(), executable: false, lamports: lamports(sol * LAMPORTS_PER_SOL), programAddress: SYSTEM_PROGRAM_ADDRESS, space: 0n })
  for (const address of SOLANA_DEV_ADDRESSES) fund(address, SOLANA_DEV_SOL)
  const authority = await signerFromSeed(SOLANA_PTD.mintAuthoritySeed)
  const mint = await signerFromSeed(SOLANA_PTD.mintSeed)
  if (authority.address !== SOLANA_PTD.mintAuthority || mint.address !== SOLANA_PTD.mint) {
    throw new Error('SOLANA_PTD addresses do not match their seeds (tests/solana/keys.ts)')
  }
  fund(authority.address, AUTHORITY_SOL)
  await sendInstructions(ledger, authority, [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: mint,
      lamports: ledger.svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE)),
      space: MINT_SIZE,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: mint.address, decimals: SOLANA_PTD.decimals, mintAuthority: authority.address }),
  ])
  const amount = SOLANA_PTD.grant * 10n ** BigInt(SOLANA_PTD.decimals)
  for (const owner of SOLANA_DEV_ADDRESSES.slice(0, SOLANA_PTD.holders)) {
    const ata = await ptdAccountOf(owner)
    await sendInstructions(ledger, authority, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: authority, ata, owner, mint: mint.address }),
      getMintToCheckedInstruction({ mint: mint.address, token: ata, mintAuthority: authority, amount, decimals: SOLANA_PTD.decimals }),
    ])
  }
}

/**
 * What `npm start` prints about the seeded chain.
 *
 * @example
 * console.log(describeSolanaDevChain().join('\n'))
 */
export function describeSolanaDevChain(): string[] {
  return [
    `  solana local chain ${SOLANA_LOCAL_CHAIN_ID}`,
    `    ${SOLANA_DEV_ADDRESSES.length} dev keys with ${SOLANA_DEV_SOL.toLocaleString('en-US')} SOL each (tests/solana/keys.ts): ${SOLANA_DEV_ADDRESSES.join(', ')}`,
    `    test token ${SOLANA_PTD.symbol} (SPL, ${SOLANA_PTD.decimals} decimals): mint ${SOLANA_PTD.mint}; ${SOLANA_PTD.grant.toLocaleString('en-US')} ${SOLANA_PTD.symbol} to the first ${SOLANA_PTD.holders}`,
  ]
}
