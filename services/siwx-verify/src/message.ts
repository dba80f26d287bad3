import { parseSiweMessage } from 'viem/siwe'

/** A sign-in message read back from its text (CAIP-122 fields; dates as `Date`). */
export interface ParsedSignIn {
  namespace: string
  /** CAIP-2 id, e.g. `eip155:1` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  chainId: string
  address: string
  domain: string
  uri: string
  nonce: string
  version: '1'
  statement?: string
  issuedAt?: Date
  expirationTime?: Date
  notBefore?: Date
  requestId?: string
  resources?: string[]
}

/** Sign In With Solana names clusters (`mainnet`) where CAIP-2 uses the genesis hash prefix. */
const SOLANA_CLUSTERS: Readonly<Record<string, string>> = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
}

const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/
const date = (value: string | undefined): Date | null | undefined => {
  if (value === undefined) return undefined
  return DATE.test(value) && !Number.isNaN(Date.parse(value)) ? new Date(value) : null
}

/**
 * Reads a sign-in text: EIP-4361 for `eip155` (viem's parser), and the Sign In With Solana / CAIP-122 layout Portico
 * writes for other namespaces (`<domain> wants you to sign in with your <Chain> account:`). Undefined when the text
 * is not a complete message (a missing field, an unreadable date, a version other than 1).
 *
 * @example
 * parseSignIn(text)?.nonce
 */
export function parseSignIn(text: string): ParsedSignIn | undefined {
  const head = /^(\S+) wants you to sign in with your (.+) account:\n/.exec(text)
  if (!head) return undefined
  if (head[2] === 'Ethereum') return parseEip155(text)
  return parseCaip122(text, head[1]!, head[2]!)
}

function parseEip155(text: string): ParsedSignIn | undefined {
  const m = parseSiweMessage(text)
  if (!m.address || !m.chainId || !m.domain || !m.nonce || !m.uri || m.version !== '1' || m.scheme) return undefined
  const dates = [m.issuedAt, m.expirationTime, m.notBefore]
  if (dates.some((d) => d !== undefined && Number.isNaN(d.getTime()))) return undefined
  return {
    namespace: 'eip155',
    chainId: `eip155:${m.chainId}`,
    address: m.address,
    domain: m.domain,
    uri: m.uri,
    nonce: m.nonce,
    version: '1',
    ...(m.statement ? { statement: m.statement } : {}),
    ...(m.issuedAt ? { issuedAt: m.issuedAt } : {}),
    ...(m.expirationTime ? { expirationTime: m.expirationTime } : {}),
    ...(m.notBefore ? { notBefore: m.notBefore } : {}),
    ...(m.requestId ? { requestId: m.requestId } : {}),
    ...(m.resources?.length ? { resources: m.resources } : {}),
  }
}

const NAMESPACES: Readonly<Record<string, string>> = { Solana: 'solana', Polkadot: 'polkadot', Bitcoin: 'bip122' }

function parseCaip122(text: string, domain: string, label: string): ParsedSignIn | undefined {
  const namespace = NAMESPACES[label] ?? label
  const [, address, blank, ...rest] = text.split('\n')
  if (!address || blank !== '') return undefined
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
      // a line that is not a field, or a field given twice, makes the text ambiguous
      if (at < 0 || inResources || fields.has(line.slice(0, at))) return undefined
      fields.set(line.slice(0, at), line.slice(at + 2))
    }
  }
  const chain = fields.get('Chain ID')
  const nonce = fields.get('Nonce')
  const uri = fields.get('URI')
  if (!chain || !nonce || !uri || fields.get('Version') !== '1') return undefined
  const issuedAt = date(fields.get('Issued At'))
  const expirationTime = date(fields.get('Expiration Time'))
  const notBefore = date(fields.get('Not Before'))
  if (issuedAt === null || expirationTime === null || notBefore === null) return undefined
  const reference = namespace === 'solana' ? (SOLANA_CLUSTERS[chain] ?? chain) : chain
  const requestId = fields.get('Request ID')
  return {
    namespace,
    chainId: `${namespace}:${reference}`,
    address,
    domain,
    uri,
    nonce,
    version: '1',
    ...(statement ? { statement } : {}),
    ...(issuedAt ? { issuedAt } : {}),
    ...(expirationTime ? { expirationTime } : {}),
    ...(notBefore ? { notBefore } : {}),
    ...(requestId ? { requestId } : {}),
    ...(resources.length ? { resources } : {}),
  }
}
