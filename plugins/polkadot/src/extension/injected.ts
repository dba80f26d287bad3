import * as z from 'zod/mini'
import type { PolkadotErrors } from '../errors.js'
import type { PolkadotWalletAccount, PolkadotWalletHandle } from './handle.js'

const fn = z.custom<(...args: any[]) => any>((v) => typeof v === 'function')

/** An entry of `window.injectedWeb3`: what an extension puts there to be found (the polkadot{.js} injection protocol). */
export const InjectedExtensionSchema = z.object({
  enable: fn,
  version: z.optional(z.string()),
  /** Not in the protocol, but some wallets (and the Dev Wallet) give their display name and icon. */
  name: z.optional(z.string()),
  icon: z.optional(z.string()),
})

export type InjectedExtension = z.infer<typeof InjectedExtensionSchema> & { enable: (origin: string) => Promise<unknown> }

/** What `enable(origin)` resolves to: the accounts interface and the signer. */
const InjectedSchema = z.object({
  accounts: z.object({ get: fn, subscribe: z.optional(fn) }),
  signer: z.optional(z.object({ signRaw: z.optional(fn) })),
})

const AccountSchema = z.object({
  address: z.string().check(z.minLength(1)),
  name: z.optional(z.nullable(z.string())),
  genesisHash: z.optional(z.nullable(z.string())),
  type: z.optional(z.nullable(z.string())),
})
const AccountsSchema = z.array(AccountSchema)
const SignerResultSchema = z.object({ signature: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/)) })

/** True when `value` looks like an `injectedWeb3` entry (it has `enable`). */
export function isInjectedExtension(value: unknown): value is InjectedExtension {
  return InjectedExtensionSchema.safeParse(value).success
}

const toAccounts = (list: z.infer<typeof AccountsSchema>): PolkadotWalletAccount[] =>
  list.map((a) => ({ address: a.address, ...(a.name ? { name: a.name } : {}), ...(a.genesisHash ? { genesisHash: a.genesisHash } : {}), ...(a.type ? { type: a.type } : {}) }))

/**
 * The adapter's view of an injected extension: `enable(appName)` once (the extension asks the visitor to allow the
 * site, or answers at once when it already does), then its `accounts` and `signer.signRaw`; every answer validated.
 *
 * @example
 * const handle = injectedExtensionHandle(window.injectedWeb3['polkadot-js'], 'My dapp', polkadotErrors())
 */
export function injectedExtensionHandle(extension: InjectedExtension, appName: string, errors: PolkadotErrors): PolkadotWalletHandle {
  let enabled: Promise<z.infer<typeof InjectedSchema>> | undefined
  const enable = () =>
    (enabled ??= Promise.resolve(extension.enable(appName)).then(
      (injected) => {
        const parsed = InjectedSchema.safeParse(injected)
        if (!parsed.success) throw errors.invalidResponse('enable', injected)
        return parsed.data
      },
      (error: unknown) => {
        enabled = undefined // a refusal is asked again next time
        throw error
      },
    ))
  const read = (answer: unknown, method: string) => {
    const parsed = AccountsSchema.safeParse(answer)
    if (!parsed.success) throw errors.invalidResponse(method, answer)
    return toAccounts(parsed.data)
  }
  return {
    kind: 'extension',
    async connect() {
      const injected = await enable()
      return read(await injected.accounts.get(), 'accounts.get')
    },
    async signRaw({ address, data }) {
      const injected = await enable()
      const signRaw = injected.signer?.signRaw
      if (!signRaw) throw errors.noSigner()
      const answer = await signRaw({ address, data, type: 'bytes' })
      const parsed = SignerResultSchema.safeParse(answer)
      if (!parsed.success) throw errors.invalidResponse('signRaw', answer)
      return parsed.data.signature as `0x${string}`
    },
    onAccountsChanged(listener) {
      let active = true
      let stop: (() => void) | undefined
      void enable()
        .then((injected) => {
          if (!active || !injected.accounts.subscribe) return
          const unsubscribe = injected.accounts.subscribe((list: unknown) => {
            const parsed = AccountsSchema.safeParse(list)
            if (active && parsed.success) listener(toAccounts(parsed.data))
          })
          stop = typeof unsubscribe === 'function' ? unsubscribe : undefined
        })
        .catch(() => {})
      return () => {
        active = false
        stop?.()
      }
    },
  }
}
