import type { Wallet } from '@wallet-standard/core'

type RegisterApi = { register(...wallets: Wallet[]): () => void }

/**
 * Registers `wallet` with every Wallet Standard app on the page (the standard's `register-wallet` event, and
 * `app-ready` for apps that start later), like `registerWallet` does, but returns the function that unregisters
 * it again, so tests can take it away.
 *
 * @example
 * const stop = registerSolanaDevWallet(await createSolanaDevWallet())
 */
export function registerSolanaDevWallet(wallet: Wallet, target: Window = window): () => void {
  const unregisters: (() => void)[] = []
  const callback = ({ register }: RegisterApi) => void unregisters.push(register(wallet))
  const onAppReady = (event: Event) => callback((event as CustomEvent<RegisterApi>).detail)
  target.addEventListener('wallet-standard:app-ready', onAppReady)
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  return () => {
    target.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}
