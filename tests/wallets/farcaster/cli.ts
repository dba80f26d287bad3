/**
 * Portico Farcaster test client, command line: give it the URL the Farcaster QR code shows (the view's "Copy link"),
 * it registers an fid for its custody key on the local IdRegistry (once) and approves the sign-in.
 *
 *   npx tsx tests/wallets/farcaster/cli.ts 'farcaster://connect?…' [--frame http://127.0.0.1:4320]
 *        [--rpc http://127.0.0.1:8545] [--chain-id 31337] [--registry 0x…] [--key 0x…] [--sign-with 0x…] [--username alice]
 *
 * Defaults come from the dev stack's environment (PORTICO_FRAME_URL, PORTICO_FARCASTER_RPC_URL,
 * PORTICO_FARCASTER_CHAIN_ID, PORTICO_FARCASTER_ID_REGISTRY), else the `npm start` ports and the dev IdRegistry's
 * fixed address. The default custody key is the client's own (funded with anvil_setBalance); `--key` picks another
 * fid. `--sign-with` signs with another key while claiming that fid: the frame must refuse it.
 */
import { isAddress, isHex, keccak256, stringToHex, type Address, type Hex } from 'viem'
import { DEV_ID_REGISTRY_ADDRESS } from '../../../services/frame/src/farcaster/idRegistry.js'
import { approveChannel } from './client.js'

/** A custody key of the test client's own (anvil_setBalance funds it), so no dev account's nonce moves. */
const DEFAULT_CUSTODY_KEY: Hex = keccak256(stringToHex('portico farcaster test custody 1'))

function parseArgs(argv: string[]) {
  const env = process.env
  const options = {
    url: '',
    frameUrl: env.PORTICO_FRAME_URL ?? `http://127.0.0.1:${env.PORTICO_FRAME_PORT ?? 4320}`,
    rpcUrl: env.PORTICO_FARCASTER_RPC_URL ?? `http://127.0.0.1:${env.PORTICO_ANVIL_PORT ?? 8545}`,
    chainId: Number(env.PORTICO_FARCASTER_CHAIN_ID ?? 31337),
    registry: env.PORTICO_FARCASTER_ID_REGISTRY ?? DEV_ID_REGISTRY_ADDRESS,
    custodyKey: DEFAULT_CUSTODY_KEY as Hex,
    signWith: undefined as Hex | undefined,
    username: undefined as string | undefined,
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const value = () => {
      const v = argv[++i]
      if (v === undefined) throw new Error(`${arg} needs a value`)
      return v
    }
    const key = (v: string): Hex => {
      if (!isHex(v) || v.length !== 66) throw new Error(`${arg} takes a 32-byte hex private key`)
      return v
    }
    if (arg === '--frame') options.frameUrl = value()
    else if (arg === '--rpc') options.rpcUrl = value()
    else if (arg === '--chain-id') options.chainId = Number(value())
    else if (arg === '--registry') options.registry = value()
    else if (arg === '--key') options.custodyKey = key(value())
    else if (arg === '--sign-with') options.signWith = key(value())
    else if (arg === '--username') options.username = value()
    else if (arg === '--help' || arg === '-h') {
      console.log('Usage: npx tsx tests/wallets/farcaster/cli.ts <farcaster://connect?…> [--frame url] [--rpc url] [--chain-id n] [--registry 0x…] [--key 0x…] [--sign-with 0x…] [--username name]')
      process.exit(0)
    } else if (arg.startsWith('farcaster://')) options.url = arg
    else throw new Error(`Unknown argument ${arg}`)
  }
  if (!options.url) throw new Error('Give the farcaster://connect?… URL the sign-in shows.')
  if (!isAddress(options.registry)) throw new Error('--registry takes the IdRegistry address.')
  if (!Number.isSafeInteger(options.chainId) || options.chainId <= 0) throw new Error('--chain-id takes a chain id')
  return { ...options, registry: options.registry as Address }
}

try {
  const options = parseArgs(process.argv.slice(2))
  const result = await approveChannel(options)
  if (result.status === 200) {
    console.log(`approved: fid ${result.fid} (custody ${result.custody}) signed in`)
  } else {
    console.error(`refused (${result.status} ${result.body.code ?? ''}): ${result.body.message ?? 'no message'} [fid ${result.fid}]`)
    process.exitCode = 1
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}
