import { getAddress } from 'viem'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import type { SignInMessage } from '@portico/contracts/schemas'

/**
 * The sign-in message as text, per namespace: EIP-4361 for eip155 (written by viem, so any SIWE parser reads it),
 * Sign In With Solana for solana, and the generic CAIP-122 text for the rest. The three share one layout; they differ
 * in the account label of the first line and in how the chain is named.
 */
export function formatSignInMessage(data: SignInMessage): string {
  const [namespace, reference] = splitChainId(data.chainId)
  if (namespace === 'eip155') {
    return createSiweMessage({
      address: getAddress(data.accountAddress),
      chainId: Number(reference),
      domain: data.domain,
      nonce: data.nonce,
      uri: data.uri,
      version: data.version,
      ...(data.statement ? { statement: data.statement } : {}),
      ...(data.issuedAt ? { issuedAt: new Date(data.issuedAt) } : {}),
      ...(data.expirationTime ? { expirationTime: new Date(data.expirationTime) } : {}),
      ...(data.notBefore ? { notBefore: new Date(data.notBefore) } : {}),
      ...(data.requestId ? { requestId: data.requestId } : {}),
      ...(data.resources?.length ? { resources: data.resources } : {}),
    })
  }
  const lines = [`${data.domain} wants you to sign in with your ${accountLabel(namespace)} account:`, data.accountAddress, '']
  if (data.statement) lines.push(data.statement, '')
  lines.push(`URI: ${data.uri}`, `Version: ${data.version}`, `Chain ID: ${chainName(namespace, reference)}`, `Nonce: ${data.nonce}`)
  if (data.issuedAt) lines.push(`Issued At: ${data.issuedAt}`)
  if (data.expirationTime) lines.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore) lines.push(`Not Before: ${data.notBefore}`)
  if (data.requestId) lines.push(`Request ID: ${data.requestId}`)
  if (data.resources?.length) lines.push('Resources:', ...data.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

/** Reads a message written by {@link formatSignInMessage} (or any EIP-4361 / SIWS / CAIP-122 text) back into its fields. */
export function parseSignInMessage(text: string, namespace: string): SignInMessage | undefined {
  if (namespace === 'eip155') {
    const m = parseSiweMessage(text)
    if (!m.address || !m.chainId || !m.domain || !m.nonce || !m.uri || m.version !== '1') return undefined
    return clean({
      chainId: `eip155:${m.chainId}`,
      accountAddress: m.address,
      nonce: m.nonce,
      domain: m.domain,
      uri: m.uri,
      version: '1',
      statement: m.statement,
      issuedAt: m.issuedAt?.toISOString(),
      expirationTime: m.expirationTime?.toISOString(),
      notBefore: m.notBefore?.toISOString(),
      requestId: m.requestId,
      resources: m.resources,
    })
  }
  const [head, address, blank, ...rest] = text.split('\n')
  const domain = /^(\S+) wants you to sign in with your .+ account:$/.exec(head ?? '')?.[1]
  if (!domain || !address || blank !== '') return undefined
  let statement: string | undefined
  if (rest[0] !== undefined && !rest[0].startsWith('URI: ')) {
    statement = rest.shift()
    if (rest.shift() !== '') return undefined
  }
  const fields = new Map<string, string>()
  const resources: string[] = []
  let inResources = false
  for (const line of rest) {
    if (inResources && line.startsWith('- ')) resources.push(line.slice(2))
    else if (line === 'Resources:') inResources = true
    else {
      const at = line.indexOf(': ')
      if (at < 0) return undefined
      fields.set(line.slice(0, at), line.slice(at + 2))
    }
  }
  const chain = fields.get('Chain ID')
  const nonce = fields.get('Nonce')
  const uri = fields.get('URI')
  if (!chain || !nonce || !uri || fields.get('Version') !== '1') return undefined
  return clean({
    chainId: `${namespace}:${chainReference(namespace, chain)}`,
    accountAddress: address,
    nonce,
    domain,
    uri,
    version: '1',
    statement,
    issuedAt: fields.get('Issued At'),
    expirationTime: fields.get('Expiration Time'),
    notBefore: fields.get('Not Before'),
    requestId: fields.get('Request ID'),
    resources: resources.length ? resources : undefined,
  })
}

/** `eip155:1` → `['eip155', '1']`. */
export function splitChainId(chainId: string): [string, string] {
  const at = chainId.indexOf(':')
  return [chainId.slice(0, at), chainId.slice(at + 1)]
}

const ACCOUNT_LABELS: Readonly<Record<string, string>> = { eip155: 'Ethereum', solana: 'Solana', polkadot: 'Polkadot', bip122: 'Bitcoin' }
const accountLabel = (namespace: string) => ACCOUNT_LABELS[namespace] ?? namespace

/** Sign In With Solana names clusters (`mainnet`), where CAIP-2 uses the genesis hash prefix. */
const SOLANA_CLUSTERS: Readonly<Record<string, string>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'testnet',
}
const chainName = (namespace: string, reference: string) => (namespace === 'solana' ? (SOLANA_CLUSTERS[reference] ?? reference) : reference)
function chainReference(namespace: string, name: string) {
  if (namespace !== 'solana') return name
  return Object.entries(SOLANA_CLUSTERS).find(([, cluster]) => cluster === name)?.[0] ?? name
}

/** Drops absent optional fields, so a parsed message equals the data it came from. */
function clean(message: Record<string, unknown>): SignInMessage {
  return Object.fromEntries(Object.entries(message).filter(([, v]) => v !== undefined)) as SignInMessage
}
