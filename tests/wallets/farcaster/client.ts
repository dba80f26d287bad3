/**
 * A Farcaster test client: what the Farcaster app does when it scans a Sign In With Farcaster QR code, against the
 * frame's self-hosted relay. It registers (once) an fid for its custody key on the local IdRegistry, builds the SIWF
 * message of the channel, signs it and posts it to /v1/farcaster/channel/authenticate.
 */
import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { fundOnAnvil, registerFid } from '../../../services/frame/src/farcaster/idRegistry.js'
import { siwfMessage } from '../../../services/frame/src/farcaster/siwf.js'

/** The parts of a `farcaster://connect?…` URL. */
export interface FarcasterConnectUrl {
  channelToken: string
  nonce: string
  siweUri: string
  domain: string
}

/**
 * Reads a `farcaster://connect?channelToken=…&nonce=…&siweUri=…&domain=…` URL; throws on anything else.
 *
 * @example
 * parseConnectUrl('farcaster://connect?channelToken=abc&nonce=n&siweUri=http%3A%2F%2Fapp&domain=app').nonce // 'n'
 */
export function parseConnectUrl(url: string): FarcasterConnectUrl {
  if (!url.startsWith('farcaster://connect?')) throw new Error(`Not a Farcaster connect URL: ${url}`)
  const query = new URLSearchParams(url.slice('farcaster://connect?'.length))
  const get = (name: string) => {
    const value = query.get(name)
    if (!value) throw new Error(`The Farcaster connect URL has no ${name}.`)
    return value
  }
  return { channelToken: get('channelToken'), nonce: get('nonce'), siweUri: get('siweUri'), domain: get('domain') }
}

/** Options of {@link approveChannel}. */
export interface ApproveOptions {
  /** The URL the QR code shows. */
  url: string
  /** The frame server that relays the channel (e.g. http://127.0.0.1:4320). */
  frameUrl: string
  /** The chain of the IdRegistry and the `Chain ID` of the message. */
  chainId: number
  rpcUrl: string
  registry: Address
  /** The custody key of the fid (it registers the fid on first use; given 10 ETH by anvil_setBalance when it has none). */
  custodyKey: Hex
  /** Signs with this key instead while still claiming the custody key's fid: the relay must refuse it. */
  signWith?: Hex
  username?: string
}

/** What the relay answered. */
export interface ApproveResult {
  status: number
  body: { state?: string; code?: string; message?: string }
  fid: bigint
  custody: Address
}

/**
 * Approves a channel as the Farcaster app would: the fid of `custodyKey` (registered if needed) signs in.
 *
 * @example
 * const result = await approveChannel({ url, frameUrl, chainId: 31337, rpcUrl, registry, custodyKey })
 * result.status // 200
 */
export async function approveChannel(options: ApproveOptions): Promise<ApproveResult> {
  const connect = parseConnectUrl(options.url)
  await fundOnAnvil(options.rpcUrl, privateKeyToAccount(options.custodyKey).address)
  const fid = await registerFid({ rpcUrl: options.rpcUrl, chainId: options.chainId, privateKey: options.custodyKey }, options.registry)
  const custody = privateKeyToAccount(options.custodyKey).address
  const signer = privateKeyToAccount(options.signWith ?? options.custodyKey)
  const message = siwfMessage({ domain: connect.domain, uri: connect.siweUri, nonce: connect.nonce, chainId: options.chainId, fid, custody, issuedAt: new Date() })
  const signature = await signer.signMessage({ message })
  const response = await fetch(`${options.frameUrl.replace(/\/+$/, '')}/v1/farcaster/channel/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channelToken: connect.channelToken, message, signature, fid: fid.toString(), ...(options.username ? { username: options.username } : {}) }),
  })
  const body = (await response.json().catch(() => ({}))) as ApproveResult['body']
  return { status: response.status, body, fid, custody }
}
