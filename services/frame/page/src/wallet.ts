import type { AuthClient, Wallet, WalletAccount } from './authClient.js'
import { FrameFailure, MESSAGES } from './errors.js'
import type { FrameStore } from './store.js'

/** Key code (bip39, curves, shamir) is loaded on the first wallet operation, so READY does not wait for it. */
const loadKeys = () => import(/* webpackChunkName: "keys" */ './keys.js')

/**
 * The signed-in user's wallet: fetched, created or recovered after login, and rebuilt in memory from the device
 * share and the server's auth share for one operation at a time.
 */
export class WalletService {
  constructor(
    private readonly auth: AuthClient,
    private readonly store: FrameStore,
  ) {}

  /**
   * Makes sure the user has a wallet this device can use: the server's, with the local device share (recovered by
   * email-verified session when the share is missing or does not match), or a new one created here.
   */
  async ensure(userId: string): Promise<WalletAccount[]> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const wallet = await this.auth.wallet()
      if (wallet) return this.adopt(userId, wallet)
      const created = await this.create(userId)
      if (created) return created
      // WALLET_EXISTS: another device created it between our GET and POST; use that one
    }
    throw new FrameFailure(MESSAGES.somethingWrong, 'WALLET_RACE')
  }

  /**
   * Runs `operation` with the wallet's entropy, rebuilt from the device share and a freshly fetched auth share, and
   * wipes it afterwards. The auth share is fetched per operation so a revoked session cannot sign.
   */
  async withEntropy<T>(userId: string, operation: (entropy: Uint8Array) => Promise<T> | T): Promise<T> {
    const keys = await loadKeys()
    const wallet = await this.auth.wallet()
    if (!wallet) throw new FrameFailure('This account has no wallet yet; sign in again.', 'NO_WALLET')
    let device = await this.store.deviceShare(userId)
    if (!device) {
      await this.adopt(userId, wallet)
      device = await this.store.deviceShare(userId)
      if (!device) throw new FrameFailure(MESSAGES.somethingWrong, 'NO_DEVICE_SHARE')
    }
    const auth = keys.decodeShare(wallet.authShare)
    const entropy = await keys.combineShares(device, auth)
    try {
      if (!keys.matchesAccounts(entropy, wallet.accounts)) throw new FrameFailure(MESSAGES.somethingWrong, 'SHARE_MISMATCH')
      return await operation(entropy)
    } finally {
      keys.wipe(entropy)
      keys.wipe(device)
      keys.wipe(auth)
    }
  }

  /** Checks the local device share against the server's wallet; recovers it when it is missing or stale. */
  private async adopt(userId: string, wallet: Wallet): Promise<WalletAccount[]> {
    const keys = await loadKeys()
    const device = await this.store.deviceShare(userId)
    if (device) {
      const entropy = await keys.combineShares(device, keys.decodeShare(wallet.authShare))
      const ok = keys.matchesAccounts(entropy, wallet.accounts)
      keys.wipe(entropy)
      if (ok) return this.remember(wallet.accounts)
    }
    // A new browser, cleared storage, or an evicted share: the server releases the recovery share to a session of an
    // email-verified device, and this device keeps it as its device share from now on.
    const recovered = await this.auth.recoverWallet()
    const recovery = keys.decodeShare(recovered.recoveryShare)
    const entropy = await keys.combineShares(recovery, keys.decodeShare(recovered.authShare))
    const ok = keys.matchesAccounts(entropy, recovered.accounts)
    keys.wipe(entropy)
    if (!ok) throw new FrameFailure('The wallet could not be recovered; contact the app operator.', 'RECOVERY_MISMATCH')
    await this.store.saveDeviceShare(userId, recovery)
    return this.remember(recovered.accounts)
  }

  private async create(userId: string): Promise<WalletAccount[] | null> {
    const keys = await loadKeys()
    const entropy = keys.newEntropy()
    try {
      const accounts = keys.accountsOf(entropy)
      const shares = await keys.splitEntropy(entropy)
      // the device share is stored first: a wallet the server knows but this device cannot use would need recovery
      await this.store.saveDeviceShare(userId, shares.device)
      const created = await this.auth.createWallet({
        accounts,
        authShare: keys.encodeShare(shares.auth),
        recoveryShare: keys.encodeShare(shares.recovery),
      })
      return created ? this.remember(accounts) : null
    } finally {
      keys.wipe(entropy)
    }
  }

  private async remember(accounts: WalletAccount[]): Promise<WalletAccount[]> {
    await this.store.saveAccounts(accounts)
    return accounts
  }
}
