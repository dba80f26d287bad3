/**
 * The NFTs tab end to end in Chromium with the Portico Dev Wallet, on the stack's first anvil chain: the stack
 * deployed the test ERC-721 collection (scripts/lib/nfts.ts) with metadata and images on the plugin CDN and minted
 * tokens to the first dev accounts; the api indexed them. The tab lists the dev account's tokens with their images
 * (a monogram where the image is missing), names and collection; after an NFT transfer sent with viem from a key of
 * this file's own, the receiver's tab shows the token without being asked, and its Activity tab shows the transfer
 * with the token's preview. The same through WalletConnect, with the WalletKit test wallet holding the second dev
 * account. Screenshots in both themes.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { createWalletClient, getAddress, http, isAddressEqual, parseEther, toHex, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEV_NFT_COLLECTION, DEV_NFT_FOLDER, DEV_NFT_TOKENS, devNftSvg } from '../../scripts/lib/nfts.ts'
import { ANVIL_DEV_KEYS } from '../../services/api/src/testing/anvil.ts'
import { testNftAbi } from '../../services/api/src/testing/test-nft.artifact.ts'
import { axeViolations, demoUrl, openPage, screenshot, waitForState, type DemoPage } from '../utils/browser.ts'
import { DEV_ADDRESS, SECOND_ADDRESS, chainClients, connectDevWallet, openAccountView } from '../utils/devWallet.ts'
import type {} from '../utils/stack.ts'
import { createWalletConnectWallet, type WalletConnectWallet } from '../wallets/walletconnect/index.ts'

const stack = inject('stack')
const chain = chainClients(stack)[31337]
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const DEV_QUERY = 'projectId=portico-dev&st=e2e&sv=e2e'

let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

/** The collection's address, read from the chain's ERC-721 Transfer logs (4 topics), not from the api under test. */
let collection: Address
beforeAll(async () => {
  const logs = (await chain.request({
    method: 'eth_getLogs',
    params: [{ fromBlock: '0x0', toBlock: 'latest', topics: [TRANSFER_TOPIC] }],
  } as never)) as { address: string; topics: string[] }[]
  const erc721 = logs.find((l) => l.topics.length === 4)
  expect(erc721, 'the stack minted no ERC-721 token on chain 31337').toBeDefined()
  collection = getAddress(erc721!.address)
  expect(await chain.readContract({ address: collection, abi: testNftAbi, functionName: 'name' })).toBe(DEV_NFT_COLLECTION.name)
})

const card = (page: Page, tokenId: bigint | number) => page.getByTestId(`nft-${collection}-${tokenId}`)

/** Opens the demo in `theme`, optionally as the account of `key`, connects the Dev Wallet and shows the NFTs tab. */
async function openNfts(theme: 'light' | 'dark', key?: Hex) {
  demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
  const { page } = demo
  if (key) await page.evaluate((k) => (window as any).__porticoDevWallet.useKey(k), key)
  await connectDevWallet(demo)
  await openAccountView(page)
  const tab = page.getByTestId('tab-nfts')
  await tab.waitFor({ state: 'visible', timeout: 30_000 })
  await tab.click()
  await page.getByTestId('nfts-tab').waitFor({ state: 'visible', timeout: 30_000 })
  return page
}

/** True once the card's image has loaded with real pixels (not a broken image). */
const imageLoaded = (page: Page, tokenId: bigint | number) =>
  page.waitForFunction(
    (id) => {
      const img = document.querySelector<HTMLImageElement>(`[data-testid="${id}"] img`)
      return Boolean(img?.complete && img.naturalWidth > 0)
    },
    `nft-${collection}-${tokenId}`,
    { timeout: 20_000 },
  )

/** Waits until the api's indexer has the token with `owner` (read through the NFT endpoint). */
async function indexedOwner(owner: Address, tokenId: bigint, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout
  while (Date.now() < deadline) {
    const res = await fetch(`${stack.urls.api}/v1/account/${owner}/nfts?${DEV_QUERY}&chainId=eip155:31337`)
    if (res.ok && ((await res.json()) as { data: { tokenId: string }[] }).data.some((n) => n.tokenId === String(tokenId))) return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`the api does not list token ${tokenId} for ${owner} after ${timeout} ms`)
}

/**
 * Mints a token to a fresh key of this file's own and sends it to `to` with viem (the sender only ever sends this
 * one token, so no other e2e file's nonces or balances move under it); returns the transfer's hash. With `name`, the
 * token gets metadata and an image on the plugin CDN first, and the image's URL is returned too.
 */
async function sendNewNft(to: Address, tokenId: bigint, name: string): Promise<{ hash: Hex; image: string }> {
  const sender = privateKeyToAccount(generatePrivateKey())
  await rpc('anvil_setBalance', [sender.address, toHex(parseEther('1'))])
  const dir = join(stack.cdnDir, DEV_NFT_FOLDER)
  mkdirSync(dir, { recursive: true })
  const image = `${stack.urls.cdn}/${DEV_NFT_FOLDER}/${tokenId}.svg`
  writeFileSync(join(dir, `${tokenId}.svg`), devNftSvg({ tokenId: Number(tokenId), holder: 0, colors: ['#facc15', '#b45309'], shape: 'diamond' }))
  writeFileSync(join(dir, `${tokenId}.json`), JSON.stringify({ name, image }))
  const wallet = createWalletClient({ account: sender, transport: http(stack.urls.anvil) })
  const minted = await wallet.writeContract({ address: collection, abi: testNftAbi, functionName: 'mint', args: [sender.address, tokenId], chain: null })
  expect((await chain.waitForTransactionReceipt({ hash: minted })).status).toBe('success')
  const hash = await wallet.writeContract({ address: collection, abi: testNftAbi, functionName: 'transferFrom', args: [sender.address, to, tokenId], chain: null })
  expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
  expect(isAddressEqual(await chain.readContract({ address: collection, abi: testNftAbi, functionName: 'ownerOf', args: [tokenId] }), to)).toBe(true)
  return { hash, image }
}

/** A token id no other test uses. */
const newTokenId = () => BigInt(1_000_000 + Math.floor(Math.random() * 1_000_000_000))

async function rpc(method: string, params: unknown[]) {
  const res = await fetch(stack.urls.anvil, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await res.json()) as { result: unknown }).result
}

describe('NFTs tab', () => {
  it.each(['light', 'dark'] as const)('lists the tokens the stack minted to the dev account, with images, names and collection (%s)', async (theme) => {
    // what the chain says the dev account holds, among the tokens the stack minted
    const owners = await Promise.all(
      DEV_NFT_TOKENS.map((t) => chain.readContract({ address: collection, abi: testNftAbi, functionName: 'ownerOf', args: [BigInt(t.tokenId)] })),
    )
    const held = DEV_NFT_TOKENS.filter((_, i) => isAddressEqual(owners[i]!, DEV_ADDRESS))
    expect(held.map((t) => t.tokenId)).toEqual([7, 8, 1, 2, 3])

    const page = await openNfts(theme)
    for (const token of held) await card(page, token.tokenId).waitFor({ state: 'visible', timeout: 30_000 })
    // most recently received first: the mints went out in DEV_NFT_TOKENS order
    const order = await page.$$eval('[data-testid^="nft-0x"]', (cards) => cards.map((c) => c.getAttribute('data-testid')))
    expect(order).toEqual([...held].reverse().map((t) => `nft-${collection}-${t.tokenId}`))

    for (const token of held) {
      const c = card(page, token.tokenId)
      expect(await c.getByTestId('nft-name').textContent()).toBe(token.name ?? `#${token.tokenId}`)
      expect(await c.getByTestId('nft-collection').textContent()).toBe(DEV_NFT_COLLECTION.name)
    }
    // real images for the tokens that have one; a monogram where the image file is missing (7) or there is no metadata (8)
    for (const id of [1, 2, 3]) await imageLoaded(page, id)
    for (const id of [7, 8]) await card(page, id).locator('[data-monogram]').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await page.locator('[data-testid^="nft-0x"] img').count()).toBe(3)

    await page.getByTestId('nfts-tab').evaluate((el) => el.scrollIntoView({ block: 'end' }))
    await page.waitForTimeout(300)
    await screenshot(page, `account-nfts-${theme}`)

    // keyboard: the cards take focus in order
    await card(page, 8).focus()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(`nft-${collection}-7`)
    expect((await axeViolations(page, { include: '[data-testid=nfts-tab]' })).map((v) => v.id)).toEqual([])
  })

  it.each(['light', 'dark'] as const)('after an NFT transfer to the account, the tab shows the token and Activity its preview (%s)', async (theme) => {
    // a receiver of this test's own; the sender is a fresh key too (sendNewNft)
    const receiverKey = generatePrivateKey()
    const receiver = privateKeyToAddress(receiverKey)
    const tokenId = newTokenId()
    const name = `Comet ${tokenId}`

    const page = await openNfts(theme, receiverKey)
    const empty = page.getByTestId('nfts-empty')
    await empty.waitFor({ state: 'visible', timeout: 30_000 })
    expect(await empty.textContent()).toContain('No NFTs yet')
    await page.waitForTimeout(300)
    await screenshot(page, `account-nfts-empty-${theme}`)

    const { hash: sent, image } = await sendNewNft(receiver, tokenId, name)
    await indexedOwner(receiver, tokenId)

    // nobody touches the page: the tab reads the NFTs again while it shows
    const received = card(page, tokenId)
    await received.waitFor({ state: 'visible', timeout: 40_000 })
    expect(await received.getByTestId('nft-name').textContent()).toBe(name)
    expect(await received.getByTestId('nft-collection').textContent()).toBe(DEV_NFT_COLLECTION.name)
    await imageLoaded(page, tokenId)
    await page.waitForTimeout(300)
    await screenshot(page, `account-nfts-received-${theme}`)

    // Activity: the transfer, named after the token, with its picture
    await page.getByTestId('tab-activity').click()
    const row = page.getByTestId(`transaction-eip155:31337:${sent}`)
    await row.waitFor({ state: 'visible', timeout: 20_000 })
    expect(await row.getByTestId('transaction-description').textContent()).toBe(name)
    expect(await row.locator('img').getAttribute('src')).toBe(image)
    await page.waitForFunction(
      (id) => {
        const img = document.querySelector<HTMLImageElement>(`[data-testid="${id}"] img`)
        return Boolean(img?.complete && img.naturalWidth > 0)
      },
      `transaction-eip155:31337:${sent}`,
      { timeout: 20_000 },
    )
    await page.waitForTimeout(300)
    await screenshot(page, `account-activity-nft-${theme}`)
  })
})

describe('NFTs tab through WalletConnect', () => {
  let wcDemo: DemoPage | undefined
  let wallet: WalletConnectWallet | undefined

  beforeAll(async () => {
    // the second dev account: it holds tokens 4 and 5, and no e2e file moves them
    wallet = await createWalletConnectWallet({ relayUrl: stack.urls.relay, rpcUrls: { 31337: stack.urls.anvil, 31338: stack.urls.anvil2 }, accounts: [ANVIL_DEV_KEYS[1]] })
    wcDemo = await openPage(demoUrl(stack.urls.demo, { debug: '1' }))
    const { page } = wcDemo
    await page.getByTestId('connect-button').click()
    await page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
    await page.getByTestId('connector-walletConnect').click()
    const qr = page.locator('[data-testid=wc-qr][data-uri]')
    await qr.waitFor({ state: 'visible', timeout: 30_000 })
    await wallet.pair((await qr.getAttribute('data-uri'))!)
    await waitForState(page, `s => s.connection.status === 'connected' && s.chains.accounts.eip155?.address?.toLowerCase() === '${SECOND_ADDRESS.toLowerCase()}'`, 30_000)
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
  })
  afterAll(async () => {
    await wcDemo?.close()
    await wallet?.close()
  })

  it("lists the WalletConnect account's tokens, and after an NFT transfer to it the new one", async () => {
    const { page } = wcDemo!
    const owners = await Promise.all(
      DEV_NFT_TOKENS.map((t) => chain.readContract({ address: collection, abi: testNftAbi, functionName: 'ownerOf', args: [BigInt(t.tokenId)] })),
    )
    const held = DEV_NFT_TOKENS.filter((_, i) => isAddressEqual(owners[i]!, SECOND_ADDRESS))
    expect(held.map((t) => t.tokenId)).toEqual([4, 5])

    await openAccountView(page)
    await page.getByTestId('tab-nfts').click()
    for (const token of held) {
      const c = card(page, token.tokenId)
      await c.waitFor({ state: 'visible', timeout: 30_000 })
      expect(await c.getByTestId('nft-name').textContent()).toBe(token.name)
      await imageLoaded(page, token.tokenId)
    }

    const tokenId = newTokenId()
    await sendNewNft(SECOND_ADDRESS, tokenId, `Comet ${tokenId}`)
    await indexedOwner(SECOND_ADDRESS, tokenId)
    const received = card(page, tokenId)
    await received.waitFor({ state: 'visible', timeout: 40_000 })
    expect(await received.getByTestId('nft-name').textContent()).toBe(`Comet ${tokenId}`)
    const order = await page.$$eval('[data-testid^="nft-0x"]', (cards) => cards.map((c) => c.getAttribute('data-testid')))
    // the newest first, then the stack's (5 was minted after 4)
    expect(order[0]).toBe(`nft-${collection}-${tokenId}`)
    expect(order.indexOf(`nft-${collection}-5`)).toBeLessThan(order.indexOf(`nft-${collection}-4`))
    await imageLoaded(page, tokenId)
    await page.waitForTimeout(300)
    await screenshot(page, 'walletconnect-nfts-light')
  })
})
