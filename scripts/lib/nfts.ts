/**
 * The dev stack's test NFTs: once the first anvil chain is up, `npm start` and the e2e stack deploy the TestNft
 * ERC-721 of services/api (its committed artifact) from anvil's deployer key, mint a few tokens to the first dev
 * accounts, and write each token's metadata (JSON) and image (a small SVG) into the plugin CDN's folder under
 * `dev-nfts/`, which the CDN's static server serves: tokenURI(id) is `<cdn>/dev-nfts/<id>.json`, so the api reads
 * real metadata over HTTP and the modal loads real images. Two tokens show the fallbacks on purpose: one's image
 * is missing (the modal draws a monogram) and one has no metadata at all (no name, no image).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { getAddress, type Address, type Hex } from 'viem'
import { ANVIL_DEV_KEYS, localChain } from '../../services/api/src/testing/anvil.ts'
import { clientsFor } from '../../services/api/src/testing/erc20.ts'
import { deployTestNft, testNftAbi } from '../../services/api/src/testing/erc721.ts'
import type { LocalChain } from './tokens.ts'

/** The collection's own name and symbol (its contract's `name()` and `symbol()`). */
export const DEV_NFT_COLLECTION = { name: 'Portico Test Shapes', symbol: 'PTS' } as const

/** The CDN folder the metadata and images are written to. */
export const DEV_NFT_FOLDER = 'dev-nfts'

/** A dev token: its id, which of anvil's dev accounts holds it, and its metadata (`image: false`: no image file). */
export type DevNftToken = { tokenId: number; holder: number; name?: string; colors?: [string, string]; shape?: string; image?: false }

/**
 * The minted tokens, in mint order. Accounts 0 to 2 hold them (the Dev Wallet uses 0 and 1; tests/e2e/send uses
 * account 3 and fresh keys, so its balances never include these). Token 7's image file is missing and token 8 has
 * no metadata.
 */
export const DEV_NFT_TOKENS: readonly DevNftToken[] = [
  // minted first, so lists that show the most recently received first end with them
  { tokenId: 7, holder: 0, name: 'Lost Star', image: false },
  { tokenId: 8, holder: 0 },
  { tokenId: 1, holder: 0, name: 'Sunrise Circle', colors: ['#f97316', '#7c3aed'], shape: 'circle' },
  { tokenId: 2, holder: 0, name: 'Ocean Square', colors: ['#0ea5e9', '#1e3a8a'], shape: 'square' },
  { tokenId: 3, holder: 0, name: 'Forest Triangle', colors: ['#22c55e', '#14532d'], shape: 'triangle' },
  { tokenId: 4, holder: 1, name: 'Night Hexagon', colors: ['#a78bfa', '#0f172a'], shape: 'hexagon' },
  { tokenId: 5, holder: 1, name: 'Coral Diamond', colors: ['#fb7185', '#7f1d1d'], shape: 'diamond' },
  { tokenId: 6, holder: 2, name: 'Lime Ring', colors: ['#bef264', '#365314'], shape: 'ring' },
]

/** A deployed dev collection. */
export type DevNfts = {
  chainId: number
  address: Address
  /** tokenURI's base: `<cdn>/dev-nfts/`. */
  baseUri: string
  tokens: readonly DevNftToken[]
  /** The holders' addresses, by dev account index. */
  holders: Address[]
}

const SHAPES: Record<string, string> = {
  circle: '<circle cx="64" cy="64" r="34" fill="#fff" fill-opacity=".92"/>',
  square: '<rect x="32" y="32" width="64" height="64" rx="8" fill="#fff" fill-opacity=".92"/>',
  triangle: '<path d="M64 26 102 96H26z" fill="#fff" fill-opacity=".92"/>',
  hexagon: '<path d="M64 24 99 44v40L64 104 29 84V44z" fill="#fff" fill-opacity=".92"/>',
  diamond: '<path d="M64 22 104 64 64 106 24 64z" fill="#fff" fill-opacity=".92"/>',
  ring: '<circle cx="64" cy="64" r="30" fill="none" stroke="#fff" stroke-opacity=".92" stroke-width="14"/>',
}

/** A token's picture: its shape on a diagonal gradient, 128 px square. */
export function devNftSvg(token: DevNftToken): string {
  const [from, to] = token.colors ?? ['#64748b', '#0f172a']
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="128" height="128" fill="url(#g)"/>${SHAPES[token.shape ?? 'circle']}</svg>\n`
  )
}

/** Writes the metadata and images of {@link DEV_NFT_TOKENS} into `<cdnDir>/dev-nfts/`; returns tokenURI's base. */
export function writeDevNftAssets(cdnDir: string, cdnUrl: string): string {
  const dir = join(cdnDir, DEV_NFT_FOLDER)
  const base = `${cdnUrl.replace(/\/+$/, '')}/${DEV_NFT_FOLDER}/`
  mkdirSync(dir, { recursive: true })
  for (const token of DEV_NFT_TOKENS) {
    if (!token.name) continue
    const metadata = {
      name: token.name,
      description: `A ${token.shape ?? 'shape'} of the ${DEV_NFT_COLLECTION.name}, a test collection on the local chain.`,
      image: `${base}${token.tokenId}.svg`,
    }
    writeFileSync(join(dir, `${token.tokenId}.json`), JSON.stringify(metadata, null, 2) + '\n')
    if (token.image !== false) writeFileSync(join(dir, `${token.tokenId}.svg`), devNftSvg(token))
  }
  return base
}

/**
 * Deploys the test collection to `chain` from anvil's deployer key and mints {@link DEV_NFT_TOKENS} to their
 * holders; the mints are sent back to back and awaited together. Run it after the test ERC-20's deploy, which
 * uses the same key.
 */
export async function deployDevNfts(chain: LocalChain, baseUri: string): Promise<DevNfts> {
  const viemChain = localChain(chain.chainId, chain.rpcUrl)
  const deployed = await deployTestNft({ rpcUrl: chain.rpcUrl, chain: viemChain, privateKey: ANVIL_DEV_KEYS[0], ...DEV_NFT_COLLECTION, baseURI: baseUri })
  const { account, wallet, public: client } = clientsFor(chain.rpcUrl, viemChain, ANVIL_DEV_KEYS[0])
  const holders = ANVIL_DEV_KEYS.slice(0, 3).map((key) => clientsFor(chain.rpcUrl, viemChain, key).account.address)
  let nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
  const hashes: Hex[] = []
  for (const token of DEV_NFT_TOKENS) {
    hashes.push(
      await wallet.writeContract({
        address: deployed.address,
        abi: testNftAbi,
        functionName: 'mint',
        args: [holders[token.holder]!, BigInt(token.tokenId)],
        nonce: nonce++,
        gas: 150_000n,
      }),
    )
  }
  const receipts = await Promise.all(hashes.map((hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 50 })))
  const failed = receipts.find((r) => r.status !== 'success')
  if (failed) throw new Error(`minting ${DEV_NFT_COLLECTION.symbol} on chain ${chain.chainId} failed (${failed.transactionHash})`)
  return { chainId: chain.chainId, address: getAddress(deployed.address), baseUri, tokens: DEV_NFT_TOKENS, holders }
}

/** Lines for the startup banner: the collection's address and who holds which token. */
export function describeDevNfts(nfts: DevNfts): string[] {
  const byHolder = nfts.holders.map((address, i) => `${address} #${nfts.tokens.filter((t) => t.holder === i).map((t) => t.tokenId).join(', #')}`)
  return [
    `  test NFTs ${DEV_NFT_COLLECTION.symbol} (${DEV_NFT_COLLECTION.name}, ERC-721) on chain ${nfts.chainId}: ${nfts.address}`,
    `    metadata ${nfts.baseUri}<id>.json; held by ${byHolder.join('; ')}`,
  ]
}
