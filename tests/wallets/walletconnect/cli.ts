/**
 * Portico test wallet, command line: paste a `wc:` URI, it pairs through the relay, approves the connection and every
 * request (signing with anvil's dev keys), and logs what the dapp asks for.
 *
 *   npx tsx tests/wallets/walletconnect/cli.ts [wc:...] [--relay ws://localhost:4330] [--rpc 31337=http://127.0.0.1:8545]
 *                                              [--mode approve|reject|fail] [--state .wallet-state.json]
 *
 * Defaults come from the dev stack's environment (PORTICO_RELAY_URL, PORTICO_RPC_31337, PORTICO_RPC_31338), else the
 * `npm start` ports. Type `help` at the prompt for the commands.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { hexToString, isHex, type Address } from 'viem'
import { createWalletConnectWallet, MemoryStorage, type WalletMode, type WalletRequest, type WalletStorage } from './wallet.js'

type Options = { relay: string; rpc: Record<number, string>; mode: WalletMode; state?: string; uris: string[] }

const HELP = `Commands:
  wc:...              pair with a dapp (paste the link from "Copy link")
  mode <m>            answer prompts with approve, reject or fail
  chain <id>          move the wallet to another chain (the dapp gets chainChanged)
  account <n|0x..>    make another account the active one (the dapp gets accountsChanged)
  sessions            list the connected dapps
  disconnect          end every session from the wallet's side
  drop                drop the relay connection (it reconnects by itself)
  help                this text
  quit                exit (sessions are kept with --state)`

function parseArgs(argv: string[]): Options {
  const env = process.env
  const options: Options = {
    relay: env.PORTICO_RELAY_URL ?? `ws://localhost:${env.PORTICO_RELAY_PORT ?? 4330}`,
    rpc: {
      31337: env.PORTICO_RPC_31337 ?? `http://127.0.0.1:${env.PORTICO_ANVIL_PORT ?? 8545}`,
      31338: env.PORTICO_RPC_31338 ?? `http://127.0.0.1:${env.PORTICO_ANVIL2_PORT ?? 8546}`,
    },
    mode: 'approve',
    uris: [],
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const value = () => {
      const v = argv[++i]
      if (v === undefined) throw new Error(`${arg} needs a value`)
      return v
    }
    if (arg === '--relay') options.relay = value()
    else if (arg === '--rpc') {
      const [id, url] = value().split('=')
      if (!id || !url || !Number.isSafeInteger(Number(id))) throw new Error('--rpc takes <chainId>=<url>')
      options.rpc[Number(id)] = url
    } else if (arg === '--mode') options.mode = value() as WalletMode
    else if (arg === '--state') options.state = value()
    else if (arg === '--help' || arg === '-h') {
      console.log(`Usage: npx tsx tests/wallets/walletconnect/cli.ts [wc:...] [--relay url] [--rpc id=url] [--mode m] [--state file]\n\n${HELP}`)
      process.exit(0)
    } else if (arg.startsWith('wc:')) options.uris.push(arg)
    else throw new Error(`Unknown argument ${arg}`)
  }
  return options
}

/** The SDK's storage in a JSON file, so a restarted wallet keeps its sessions. */
class FileStorage extends MemoryStorage {
  constructor(private file: string) {
    super()
    if (existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
      for (const [k, v] of Object.entries(saved)) void super.setItem(k, v)
    }
  }
  private async save() {
    writeFileSync(this.file, JSON.stringify(Object.fromEntries(await this.getEntries()), null, 1))
  }
  override async setItem<T>(key: string, value: T) {
    await super.setItem(key, value)
    await this.save()
  }
  override async removeItem(key: string) {
    await super.removeItem(key)
    await this.save()
  }
}

const time = () => new Date().toLocaleTimeString('en-GB')
const log = (...a: unknown[]) => console.log(`[${time()}]`, ...a)

function describeRequest(r: WalletRequest): string {
  const params = Array.isArray(r.params) ? r.params : [r.params]
  if (r.method === 'personal_sign' && typeof params[0] === 'string') {
    const raw = params[0]
    let text = raw
    try {
      if (isHex(raw)) text = hexToString(raw)
    } catch {}
    return `personal_sign "${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`
  }
  if (r.method === 'eth_sendTransaction') {
    const tx = (params[0] ?? {}) as { to?: string; value?: string; data?: string }
    const value = tx.value ? `${Number(BigInt(tx.value)) / 1e18} ETH` : '0 ETH'
    return `eth_sendTransaction to ${tx.to ?? '(contract creation)'} value ${value}${tx.data && tx.data !== '0x' ? ` data ${tx.data.slice(0, 18)}...` : ''}`
  }
  const json = JSON.stringify(r.params)
  return `${r.method} ${json && json.length > 100 ? `${json.slice(0, 97)}...` : (json ?? '')}`
}

async function main() {
  let options: Options
  try {
    options = parseArgs(process.argv.slice(2))
  } catch (error) {
    console.error((error as Error).message)
    process.exit(2)
  }
  const storage: WalletStorage | undefined = options.state ? new FileStorage(options.state) : undefined
  const wallet = await createWalletConnectWallet({
    relayUrl: options.relay,
    rpcUrls: options.rpc,
    mode: options.mode,
    ...(storage ? { storage, storagePrefix: 'portico-cli-wallet' } : {}),
    metadata: { name: 'Portico Test Wallet (CLI)', description: 'Signs with anvil dev keys', url: 'https://portico.invalid/cli-wallet', icons: [] },
  })

  console.log(`Portico test wallet
  relay     ${options.relay}
  chains    ${Object.entries(options.rpc).map(([id, url]) => `${id} → ${url}`).join(', ')}
  accounts  ${wallet.addresses.join(', ')}
  mode      ${wallet.mode}
Paste a wc: link (from the modal's "Copy link"), or type help.`)

  wallet.on('proposal', (p: { proposer: { metadata: { name: string; url: string } } }) =>
    log(`connection request from ${p.proposer.metadata.name} (${p.proposer.metadata.url}) → ${wallet.mode}`),
  )
  wallet.on('session', (s: { namespaces: Record<string, { accounts: string[] }> }) =>
    log(`connected: ${Object.values(s.namespaces).flatMap((n) => n.accounts).join(', ')}`),
  )
  wallet.on('request', (r: WalletRequest) => {
    const outcome = r.outcome === 'approved' ? `→ ${typeof r.result === 'string' ? r.result : JSON.stringify(r.result)}` : `→ ${r.outcome} (${r.error?.code} ${r.error?.message})`
    log(`${r.chainId} ${describeRequest(r)} ${outcome}`)
  })
  wallet.on('delete', () => log('the dapp disconnected'))
  wallet.on('error', (e: unknown) => log('error:', e instanceof Error ? e.message : e))

  const pair = async (uri: string) => {
    try {
      await wallet.pair(uri)
      log('paired, waiting for the connection request...')
    } catch (error) {
      log('could not pair:', (error as Error).message)
    }
  }
  for (const uri of options.uris) await pair(uri)

  const rl = createInterface({ input: process.stdin, output: process.stdout, prompt: '> ' })
  const quit = async () => {
    rl.close()
    await wallet.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void quit())
  rl.prompt()
  rl.on('line', async (line) => {
    const [command, arg] = line.trim().split(/\s+/)
    try {
      if (!command) {
      } else if (command.startsWith('wc:')) await pair(line.trim())
      else if (command === 'mode') {
        wallet.setMode(arg as WalletMode)
        log(`mode: ${wallet.mode}`)
      } else if (command === 'chain') {
        await wallet.switchChain(Number(arg))
        log(`on chain ${wallet.chainId}`)
      } else if (command === 'account') {
        const target = arg?.startsWith('0x') ? (arg as Address) : wallet.addresses[Number(arg)]
        if (!target) throw new Error('account takes an index or an address')
        await wallet.switchAccount(target)
        log(`active account ${wallet.addresses[0]}`)
      } else if (command === 'sessions') {
        const sessions = Object.values(wallet.sessions())
        if (!sessions.length) log('no sessions')
        for (const s of sessions) log(`${s.peer.metadata.name} (${s.peer.metadata.url}) topic ${s.topic.slice(0, 8)}...`)
      } else if (command === 'disconnect') {
        await wallet.disconnect()
        log('disconnected every session')
      } else if (command === 'drop') {
        await wallet.dropConnection()
        log('relay connection dropped and restored')
      } else if (command === 'help') console.log(HELP)
      else if (command === 'quit' || command === 'exit') return void (await quit())
      else log(`unknown command "${command}"; type help`)
    } catch (error) {
      log('error:', (error as Error).message)
    }
    rl.prompt()
  })
  rl.on('close', () => void quit())
}

void main()
