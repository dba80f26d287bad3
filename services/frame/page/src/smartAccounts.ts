import type { Address } from 'viem'
import { evmChainId } from './chain.js'
import type { SmartAccountChain } from './config.js'
import { FrameFailure, MESSAGES } from './errors.js'
import type { SmartAccountTarget } from './smartAccount.js'
import type { EvmAccountType, FrameStore } from './store.js'

/** The smart-account code (permissionless, the bundler and paymaster clients): loaded once a smart account is used. */
const loadSmartAccount = () => import(/* webpackChunkName: "smart-account" */ './smartAccount.js')

/** The visitor's eip155 accounts on one chain, as GET_USER reports them, and the one in use. */
export interface EvmAccountsView {
  /** The account in use: the smart account when preferred and offered on the chain, else the eoa. */
  address: Address
  accounts: { address: Address; type: EvmAccountType }[]
  preferredAccountType: EvmAccountType
  smartAccountDeployed: boolean
  /** Set when the account in use is the smart account. */
  smart?: SmartAccountTarget
}

/** SPEC §9: on eip155 the smart account is the default where a chain offers one. */
export const DEFAULT_EVM_ACCOUNT_TYPE: EvmAccountType = 'smartAccount'

/**
 * The smart accounts the frame offers (the server's PORTICO_SMART_ACCOUNT_CHAINS) and the visitor's choice between
 * eoa and smart account, kept in the frame's store. Nothing here loads the smart-account code until an account is
 * derived on a chain that has one.
 */
export class SmartAccounts {
  constructor(
    private readonly store: FrameStore,
    private readonly chains: Readonly<Record<string, SmartAccountChain>> = {},
    private readonly load: () => Promise<Pick<typeof import('./smartAccount.js'), 'smartAccountInfo'>> = loadSmartAccount,
    private readonly log: Pick<Console, 'warn'> = console,
  ) {}

  /**
   * The app's default account type per chain, as its last GET_USER gave it: until the visitor chooses, RPC requests
   * act as the account GET_USER reported (the app's `defaultAccountTypes` may say eoa where the spec says smart).
   */
  private readonly appDefaults = new Map<number, EvmAccountType>()

  /** GET_SMART_ACCOUNT_ENABLED_NETWORKS: the chain ids with a smart account, ascending. */
  enabledNetworks(): number[] {
    return Object.keys(this.chains).map(Number).sort((a, b) => a - b)
  }

  /** The chain's ERC-4337 services, or undefined when it has no smart account (or is not an EVM chain). */
  configFor(chainId: number | string): SmartAccountChain | undefined {
    const id = evmChainId(chainId)
    return id === null ? undefined : this.chains[String(id)]
  }

  /** The stored choice, else `fallback` (the app's default for the chain), else the smart account. */
  async preferred(fallback?: string): Promise<EvmAccountType> {
    const stored = await this.store.preferredAccountType()
    if (stored) return stored
    return fallback === 'eoa' || fallback === 'smartAccount' ? fallback : DEFAULT_EVM_ACCOUNT_TYPE
  }

  /** SET_PREFERRED_ACCOUNT: only eoa and smartAccount exist on eip155. */
  async setPreferred(type: string): Promise<EvmAccountType> {
    if (type !== 'eoa' && type !== 'smartAccount') throw new FrameFailure(`The embedded wallet has no ${type} account.`, 'UNSUPPORTED_ACCOUNT_TYPE')
    await this.store.savePreferredAccountType(type)
    return type
  }

  /** The smart account of `owner` on `chainId`, as a target for the smart-account code; undefined where there is none. */
  target(owner: Address, chainId: number | string, rpcUrl: string | undefined): SmartAccountTarget | undefined {
    const config = this.configFor(chainId)
    const id = evmChainId(chainId)
    if (!config || id === null || !rpcUrl) return undefined
    return { chainId: id, rpcUrl, config, owner }
  }

  /** INIT_SMART_ACCOUNT: the smart account's address and whether it is deployed; fails where the chain has none. */
  async info(owner: Address, chainId: number | string, rpcUrl: string | undefined): Promise<{ address: Address; isDeployed: boolean }> {
    const target = this.target(owner, chainId, rpcUrl)
    if (!target) throw new FrameFailure(MESSAGES.smartAccountUnavailable, 'NO_SMART_ACCOUNT')
    return (await this.load()).smartAccountInfo(target)
  }

  /**
   * The visitor's accounts on a chain. Where the smart account cannot be derived (no RPC url yet, the chain's RPC
   * down) the eoa is reported alone, so signing in never fails because of it.
   */
  async view(owner: Address, chainId: number | string, rpcUrl: string | undefined, fallback?: string): Promise<EvmAccountsView> {
    const eoa: EvmAccountsView = { address: owner, accounts: [{ address: owner, type: 'eoa' }], preferredAccountType: 'eoa', smartAccountDeployed: false }
    const target = this.target(owner, chainId, rpcUrl)
    if (!target) return eoa
    let smart: { address: Address; isDeployed: boolean }
    try {
      smart = await (await this.load()).smartAccountInfo(target)
    } catch (error) {
      this.log.warn('portico frame: the smart account could not be derived; using the eoa:', error)
      return eoa
    }
    if (fallback === 'eoa' || fallback === 'smartAccount') this.appDefaults.set(target.chainId, fallback)
    const preferred = await this.preferred(fallback ?? this.appDefaults.get(target.chainId))
    return {
      address: preferred === 'smartAccount' ? smart.address : owner,
      accounts: [
        { address: owner, type: 'eoa' },
        { address: smart.address, type: 'smartAccount' },
      ],
      preferredAccountType: preferred,
      smartAccountDeployed: smart.isDeployed,
      ...(preferred === 'smartAccount' ? { smart: target } : {}),
    }
  }
}
