import { type Address, type Chain, type Hex, createPublicClient, getAddress, http, isAddress } from 'viem'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { FrameProblem } from '../errors.js'
import { idRegistryAbi } from './idRegistry.artifact.js'

/** The statement of every Sign In With Farcaster message (FIP-11). */
export const SIWF_STATEMENT = 'Farcaster Auth'
/** The resource that names the fid a message signs in (FIP-11). */
export const fidResource = (fid: bigint | number) => `farcaster://fid/${fid}`

/** Where custody addresses are read: an IdRegistry contract on a chain. */
export interface FarcasterRegistryConfig {
  /** The chain id of the registry's chain; it is also the `Chain ID` of the messages (10, OP Mainnet, in production). */
  chainId: number
  rpcUrl: string
  /** Address of the IdRegistry (`custodyOf(uint256) returns (address)`). */
  idRegistry: Address
}

/** What a channel expects a message to say. */
export interface SiwfExpectation {
  domain: string
  uri: string
  nonce: string
  chainId: number
  now: Date
}

/**
 * The Sign In With Farcaster message (EIP-4361 with the `farcaster://fid/<fid>` resource) a custody key signs for a
 * channel. Used by the test client and by tests; apps' Farcaster clients build the same text.
 *
 * @example
 * const message = siwfMessage({ domain: 'app.example', uri: 'https://app.example', nonce, chainId: 10, fid: 42n, custody, issuedAt: new Date() })
 */
export function siwfMessage(input: { domain: string; uri: string; nonce: string; chainId: number; fid: bigint; custody: Address; issuedAt: Date; expirationTime?: Date }): string {
  return createSiweMessage({
    domain: input.domain,
    address: getAddress(input.custody),
    statement: SIWF_STATEMENT,
    uri: input.uri,
    version: '1',
    chainId: input.chainId,
    nonce: input.nonce,
    issuedAt: input.issuedAt,
    ...(input.expirationTime ? { expirationTime: input.expirationTime } : {}),
    resources: [fidResource(input.fid)],
  })
}

const invalid = (message: string) => new FrameProblem(400, 'FARCASTER_MESSAGE_INVALID', message)

/**
 * Checks that a SIWF message belongs to a channel (domain, uri, nonce, chain, times) and names `fid` in its
 * resources; returns the address that claims to sign it. Throws FARCASTER_MESSAGE_INVALID with the reason.
 *
 * @example
 * const claimed = checkSiwfMessage(message, 42n, { domain, uri, nonce, chainId: 10, now: new Date() })
 */
export function checkSiwfMessage(text: string, fid: bigint, expected: SiwfExpectation): Address {
  const parsed = parseSiweMessage(text)
  if (!parsed.address || !isAddress(parsed.address) || !parsed.nonce || !parsed.domain) {
    throw invalid('The Farcaster message is not a sign-in message.')
  }
  if (parsed.statement !== SIWF_STATEMENT) throw invalid(`The Farcaster message must say "${SIWF_STATEMENT}".`)
  if (parsed.domain !== expected.domain || parsed.uri !== expected.uri) throw invalid('The Farcaster message is for another site.')
  if (parsed.nonce !== expected.nonce) throw invalid('The Farcaster message is for another sign-in (its nonce differs).')
  if (parsed.chainId !== expected.chainId) throw invalid(`The Farcaster message must be for chain ${expected.chainId}.`)
  if (parsed.expirationTime && parsed.expirationTime.getTime() <= expected.now.getTime()) throw invalid('The Farcaster message has expired.')
  if (parsed.notBefore && parsed.notBefore.getTime() > expected.now.getTime()) throw invalid('The Farcaster message is not valid yet.')
  const fids = (parsed.resources ?? []).filter((r) => r.startsWith('farcaster://fid/'))
  if (fids.length !== 1 || fids[0] !== fidResource(fid)) throw invalid(`The Farcaster message does not sign in fid ${fid}.`)
  return getAddress(parsed.address)
}

/** Reads custody addresses from the IdRegistry and verifies signatures (EOA or ERC-1271) with viem. */
export class FarcasterRegistry {
  private readonly client

  constructor(readonly config: FarcasterRegistryConfig) {
    const chain: Chain = {
      id: config.chainId,
      name: `Farcaster registry chain ${config.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [config.rpcUrl] } },
    }
    this.client = createPublicClient({ chain, transport: http(config.rpcUrl, { retryCount: 1, timeout: 10_000 }) })
  }

  /** The custody address of `fid`, or null when the fid is not registered. */
  async custodyOf(fid: bigint): Promise<Address | null> {
    let custody: Address
    try {
      custody = await this.client.readContract({ address: this.config.idRegistry, abi: idRegistryAbi, functionName: 'custodyOf', args: [fid] })
    } catch {
      throw new FrameProblem(502, 'FARCASTER_REGISTRY_UNAVAILABLE', 'The Farcaster registry could not be read; try again in a moment.')
    }
    return /^0x0{40}$/i.test(custody) ? null : getAddress(custody)
  }

  /**
   * Verifies that the custody address of `fid` signed `message` (which must claim that same address). Throws
   * FARCASTER_CUSTODY_MISMATCH when another key signed or the message names another address (or the fid is not
   * registered), and FARCASTER_SIGNATURE_INVALID when the signature cannot be read.
   */
  async verify(message: string, signature: Hex, fid: bigint, claimed: Address): Promise<Address> {
    const custody = await this.custodyOf(fid)
    if (!custody) throw new FrameProblem(400, 'FARCASTER_CUSTODY_MISMATCH', `Farcaster account ${fid} is not registered.`)
    if (custody !== claimed) throw new FrameProblem(400, 'FARCASTER_CUSTODY_MISMATCH', `The message was not signed by the custody address of Farcaster account ${fid}.`)
    let ok: boolean
    try {
      ok = await this.client.verifyMessage({ address: custody, message, signature })
    } catch {
      throw new FrameProblem(400, 'FARCASTER_SIGNATURE_INVALID', 'The signature of the Farcaster message could not be read.')
    }
    if (!ok) throw new FrameProblem(400, 'FARCASTER_CUSTODY_MISMATCH', `The message was not signed by the custody address of Farcaster account ${fid}.`)
    return custody
  }
}
