import {
  ApiErrorSchema,
  ApiNameLookupSchema,
  IdentityResponseSchema,
  ProfileReverseResponseSchema,
  ProfileSuggestionsResponseSchema,
  profileRegisterMessage,
} from '@portico/contracts/api'
import { coinTypeForChainId } from '@portico/contracts/spec'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, type TestApi, startAnvil, startTestApi, testBackends } from '../testing/index.js'
import { deploySiwxWalletFactory } from '../testing/siwxWallet.js'
import { optionsFromEnv, unknownEnvWarnings } from '../env.js'
import { checkNameSuffix } from './names.js'

const PROJECT = 'names-test'
const QUERY = `projectId=${PROJECT}&st=portico&sv=test-1.0.0`

const newKey = () => {
  const key = generatePrivateKey()
  const account = privateKeyToAccount(key)
  return { key, account, address: account.address }
}

describe.each(testBackends())('name service on the api [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'profile', () => {
    let anvil: AnvilInstance
    let api: TestApi
    let coinType: number
    let clock = Date.parse('2026-01-01T00:00:00Z')
    let wallets: Awaited<ReturnType<typeof deploySiwxWalletFactory>>

    beforeAll(async () => {
      anvil = await startAnvil({ chainId: 31337 })
      coinType = coinTypeForChainId(anvil.chainId)
      api = await startTestApi(backend, {
        chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
        indexer: { enabled: false },
        projects: [{ id: PROJECT, allowedOrigins: ['*'] }],
        readCacheMs: 60_000,
        profile: { now: () => new Date(clock), attemptsPerAddressPerHour: 8 },
      })
      wallets = await deploySiwxWalletFactory(anvil.rpcUrl, anvil.chain)
    })
    afterAll(async () => {
      await api?.close()
      await anvil?.stop()
    })

    const seconds = () => Math.floor(clock / 1000)
    const get = (path: string) => api.client.request(`${path}${path.includes('?') ? '&' : '?'}${QUERY}`)
    const post = (body: unknown) =>
      api.client.request(`/v1/profile/account?${QUERY}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    /** A registration body signed by an EOA. */
    const signed = async (who: ReturnType<typeof newKey>, name: string, timestamp = seconds(), extra: Partial<{ coin_type: number }> = {}) => {
      const message = profileRegisterMessage(name, timestamp)
      return { coin_type: coinType, address: who.address, message, signature: await who.account.signMessage({ message }), ...extra }
    }
    const reason = (res: { status: number; body: unknown }, status: number) => {
      expect(res.status).toBe(status)
      return ApiErrorSchema.parse(res.body).reasons[0]!.description
    }

    it('behavior: an EOA registers a name; lookup (any case, legacy suffix, bare), reverse and identity show it', async () => {
      const alice = newKey()
      const res = await post(await signed(alice, 'Alice-01.portico.id'))
      expect(res.status).toBe(200)
      const lookup = ApiNameLookupSchema.parse(res.body)
      expect(lookup.name).toBe('alice-01.portico.id')
      expect(lookup.addresses).toEqual({ [String(coinType)]: { address: alice.address, created: new Date(clock).toISOString() } })
      expect(lookup.attributes).toEqual({})

      for (const typed of ['alice-01.portico.id', 'ALICE-01.portico.id', 'alice-01.wcn.id', 'alice-01.reown.id', 'alice-01']) {
        const found = await get(`/v1/profile/account/${typed}`)
        expect(found.status, typed).toBe(200)
        expect(ApiNameLookupSchema.parse(found.body)).toEqual(lookup)
      }
      expect(ProfileReverseResponseSchema.parse((await get(`/v1/profile/reverse/${alice.address.toLowerCase()}`)).body)).toEqual([lookup])
      // the identity endpoint caches reads for a minute here: the registration cleared it
      expect(IdentityResponseSchema.parse((await get(`/v1/identity/${alice.address}`)).body)).toEqual({ name: 'alice-01.portico.id', avatar: null })
    })

    it('behavior: a missing name is 404 with a reason, or [] with apiVersion=2; another suffix is not ours', async () => {
      expect(reason(await get('/v1/profile/account/nobody-here'), 404)).toBe('The name nobody-here is not registered.')
      expect((await get('/v1/profile/account/nobody-here?apiVersion=2')).body).toEqual([])
      expect((await get('/v1/profile/account/alice-01.other.id?apiVersion=2')).body).toEqual([])
      expect((await get(`/v1/profile/reverse/${newKey().address}`)).body).toEqual([])
    })

    it('behavior: names at the limits (4 and 63 characters, hyphens and digits) register; one past them is refused', async () => {
      const four = await post(await signed(newKey(), '-9a-'))
      expect(four.status).toBe(200)
      const long = 'a'.repeat(62) + '9'
      expect((await post(await signed(newKey(), long))).status).toBe(200)
      expect((await get(`/v1/profile/account/${long}`)).status).toBe(200)
      expect(reason(await post(await signed(newKey(), 'abc')), 400)).toBe('A name needs at least 4 characters.')
      expect(reason(await post(await signed(newKey(), 'b'.repeat(64))), 400)).toBe('A name may have at most 63 characters.')
      for (const bad of ['ab_cd', 'café', 'ab cd', 'ab😀cd', 'abcd\n'])
        expect(reason(await post(await signed(newKey(), bad)), 400), bad).toBe('A name may hold only letters, digits and hyphens.')
      expect(reason(await post(await signed(newKey(), 'abcd.eth')), 400)).toBe('Names end in .portico.id; .eth is not served here.')
      expect(reason(await get('/v1/profile/account/abc'), 400)).toMatch(/letters, digits and hyphens/)
      expect(reason(await get(`/v1/profile/account/${'c'.repeat(64)}`), 400)).toMatch(/letters, digits and hyphens/)
    })

    it('error: the message must be the JSON of SPEC §7 with empty attributes', async () => {
      const bob = newKey()
      const sign = async (message: string) => ({ coin_type: coinType, address: bob.address, message, signature: await bob.account.signMessage({ message }) })
      expect(reason(await post(await sign('register bobby please')), 400)).toMatch(/not JSON/)
      expect(reason(await post(await sign(JSON.stringify({ name: 'bobby', timestamp: seconds() }))), 400)).toMatch(/empty attributes object/)
      expect(reason(await post(await sign(JSON.stringify({ name: 'bobby', attributes: {}, timestamp: `${seconds()}` }))), 400)).toMatch(/unix-seconds/)
      expect(reason(await post(await sign(JSON.stringify({ name: 'bobby', attributes: { avatar: 'x' }, timestamp: seconds() }))), 400)).toBe(
        'The message’s attributes must be empty.',
      )
    })

    it('error: stale and future messages are refused; slightly early clocks are tolerated', async () => {
      expect(reason(await post(await signed(newKey(), 'stale-name', seconds() - 11 * 60)), 401)).toBe('The message is older than 10 minutes; sign a new one.')
      expect(reason(await post(await signed(newKey(), 'future-name', seconds() + 5 * 60)), 401)).toBe('The message is dated in the future; check the device clock.')
      expect((await post(await signed(newKey(), 'skewed-name', seconds() + 30))).status).toBe(200)
      expect((await post(await signed(newKey(), 'older-name', seconds() - 9 * 60))).status).toBe(200)
    })

    it('error: a signature by another key, or over another message, is refused', async () => {
      const carol = newKey()
      const mallory = newKey()
      const message = profileRegisterMessage('carol-name', seconds())
      const forged = { coin_type: coinType, address: carol.address, message, signature: await mallory.account.signMessage({ message }) }
      expect(reason(await post(forged), 401)).toBe(`The signature was not made by ${carol.address}.`)
      const other = { ...(await signed(carol, 'carol-name')), message: profileRegisterMessage('carol-name', seconds() - 1) }
      expect(reason(await post(other), 401)).toMatch(/not made by/)
      expect((await get('/v1/profile/account/carol-name?apiVersion=2')).body).toEqual([])
    })

    it('error: coin types that are not an eip155 chain served here are refused', async () => {
      const dave = newKey()
      expect(reason(await post(await signed(dave, 'dave-name', seconds(), { coin_type: 60 })), 400)).toBe(
        'Names are eip155 only: coin_type must be a chain id OR 0x80000000, got 60.',
      )
      expect(reason(await post(await signed(dave, 'dave-name', seconds(), { coin_type: coinTypeForChainId(1) })), 401)).toBe(
        'This server does not verify accounts on eip155:1.',
      )
      expect((await post(await signed(dave, 'dave-name', seconds(), { coin_type: 2 ** 32 }))).status).toBe(400)
    })

    it('error: one name per address and per name; a replayed message is refused', async () => {
      const erin = newKey()
      const body = await signed(erin, 'erin-name')
      expect((await post(body)).status).toBe(200)
      expect(reason(await post(body), 409)).toBe('This address already has the name erin-name.portico.id.')
      expect(reason(await post(await signed(erin, 'erin-second')), 409)).toBe('This address already has the name erin-name.portico.id.')
      expect(reason(await post(await signed(newKey(), 'ERIN-NAME.wcn.id')), 409)).toBe('The name erin-name.portico.id is already registered.')
    })

    it('error: a replayed message is refused even when the name is free again', async () => {
      const frank = newKey()
      const body = await signed(frank, 'frank-name')
      expect((await post(body)).status).toBe(200)
      // an operator frees the name and the address; the old signed message still cannot come back
      await api.server.db.query("delete from names where name = 'frank-name.portico.id'")
      expect(reason(await post(body), 401)).toBe('This message was already used; sign a new one.')
      expect((await post(await signed(frank, 'frank-name', seconds() - 1))).status).toBe(200)
    })

    it('behavior: two registrations of one name at the same moment: exactly one wins', async () => {
      const bodies = await Promise.all(Array.from({ length: 6 }, () => signed(newKey(), 'race-name')))
      const results = await Promise.all(bodies.map((b) => post(b)))
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409])
      const winner = bodies[results.findIndex((r) => r.status === 200)]!
      const stored = ApiNameLookupSchema.parse((await get('/v1/profile/account/race-name')).body)
      expect(Object.values(stored.addresses)[0]!.address).toBe(winner.address)
      const rows = await api.server.db.query<{ n: number }>("select count(*)::int as n from names where name = 'race-name.portico.id'")
      expect(rows[0]!.n).toBe(1)
    })

    it('behavior: one address registering two names at the same moment keeps exactly one', async () => {
      const gina = newKey()
      const bodies = await Promise.all(['gina-one', 'gina-two', 'gina-three'].map((n) => signed(gina, n)))
      const results = await Promise.all(bodies.map((b) => post(b)))
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409])
      expect(ProfileReverseResponseSchema.parse((await get(`/v1/profile/reverse/${gina.address}`)).body)).toHaveLength(1)
    })

    it('behavior: a deployed contract account registers through ERC-1271; its owner’s wrong key is refused', async () => {
      const owner = newKey()
      const wallet = await wallets.deploy(owner.key, '0x11')
      const message = profileRegisterMessage('contract-name', seconds())
      const bad = { coin_type: coinType, address: wallet, message, signature: await wallets.sign1271(newKey().key, message) }
      expect(reason(await post(bad), 401)).toMatch(/not made by/)
      const good = { ...bad, message: profileRegisterMessage('contract-name', seconds() - 2) }
      good.signature = await wallets.sign1271(owner.key, good.message)
      expect((await post(good)).status).toBe(200)
      expect(ProfileReverseResponseSchema.parse((await get(`/v1/profile/reverse/${wallet}`)).body)[0]!.name).toBe('contract-name.portico.id')
    })

    it('behavior: an account not deployed yet registers with an ERC-6492 signature', async () => {
      const owner = newKey()
      const wallet: Hex = await wallets.addressOf(owner.key, '0x12')
      const message = profileRegisterMessage('counterfactual', seconds())
      const res = await post({ coin_type: coinType, address: wallet, message, signature: await wallets.sign6492(owner.key, '0x12', message) })
      expect(res.status).toBe(200)
    })

    it('behavior: suggestions mark the typed name and offer free ones; a foreign zone is refused', async () => {
      const taken = ProfileSuggestionsResponseSchema.parse((await get('/v1/profile/suggestions/race-name?zone=portico.id')).body)
      expect(taken.suggestions[0]).toEqual({ name: 'race-name.portico.id', registered: true })
      expect(taken.suggestions.slice(1).map((s) => s.name)).toEqual(['race-name1', 'race-name2', 'race-name3', 'race-name4'].map((n) => `${n}.portico.id`))
      expect(taken.suggestions.slice(1).every((s) => !s.registered)).toBe(true)

      await post(await signed(newKey(), 'race-name1'))
      const next = ProfileSuggestionsResponseSchema.parse((await get('/v1/profile/suggestions/race-name')).body)
      expect(next.suggestions.map((s) => s.name)).not.toContain('race-name1.portico.id')

      const free = ProfileSuggestionsResponseSchema.parse((await get('/v1/profile/suggestions/Brand-New-Name.wcn.id')).body)
      expect(free.suggestions[0]).toEqual({ name: 'brand-new-name.portico.id', registered: false })
      // fewer than 4 characters typed so far: only longer, valid alternatives
      const short = ProfileSuggestionsResponseSchema.parse((await get('/v1/profile/suggestions/ab')).body)
      expect(short.suggestions.map((s) => s.name)).toEqual(['ab10.portico.id', 'ab11.portico.id', 'ab12.portico.id'])
      expect(ProfileSuggestionsResponseSchema.parse((await get('/v1/profile/suggestions/abc')).body).suggestions[0]!.name).toBe('abc1.portico.id')
      expect(reason(await get('/v1/profile/suggestions/alice?zone=eth'), 400)).toBe('This service serves names in portico.id, not eth.')
      expect(reason(await get('/v1/profile/suggestions/al_ce'), 400)).toMatch(/letters, digits and hyphens/)
    })

    it('error: too many attempts for one address are limited in the database', async () => {
      const henry = newKey()
      const mallory = newKey()
      for (let i = 0; i < 8; i++) {
        const message = profileRegisterMessage(`henry-${i}`, seconds())
        const res = await post({ coin_type: coinType, address: henry.address, message, signature: await mallory.account.signMessage({ message }) })
        expect(res.status).toBe(401)
      }
      const limited = await post(await signed(henry, 'henry-name'))
      expect(limited.status).toBe(429)
      expect(ApiErrorSchema.parse(limited.body).message).toMatch(/^Too many name registrations for this address; try again in \d+ seconds\.$/)
      clock += 3_600_000
      expect((await post(await signed(henry, 'henry-name'))).status).toBe(200)
    })

    it('behavior: a configured suffix is served (legacy ones read as it); an invalid suffix is refused', async () => {
      const other = await startTestApi(backend, {
        chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
        indexer: { enabled: false },
        projects: [{ id: PROJECT, allowedOrigins: ['*'] }],
        profile: { suffix: '.example.xyz', legacySuffixes: ['.old.xyz'], now: () => new Date(clock) },
      })
      try {
        const ivy = newKey()
        const res = await other.client.request(`/v1/profile/account?${QUERY}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(await signed(ivy, 'ivy-name.old.xyz')),
        })
        expect(ApiNameLookupSchema.parse(res.body).name).toBe('ivy-name.example.xyz')
        expect((await other.client.request(`/v1/profile/account/ivy-name.portico.id?apiVersion=2&${QUERY}`)).body).toEqual([])
      } finally {
        await other.close()
      }
      expect(() => checkNameSuffix('portico')).toThrow('name suffix: expected a dot and lowercase labels such as .portico.id, got "portico"')
      expect(() => checkNameSuffix('.Portico.ID')).toThrow(/expected a dot/)
    })
  })
})

describe('PORTICO_API_NAME_SUFFIX', () => {
  it('behavior: sets the suffix of registered names; unset leaves the default; a malformed one stops the start', () => {
    expect(optionsFromEnv({ PORTICO_API_NAME_SUFFIX: '.example.xyz' }).options.profile?.suffix).toBe('.example.xyz')
    expect(optionsFromEnv({}).options.profile).toBeUndefined()
    expect(() => optionsFromEnv({ PORTICO_API_NAME_SUFFIX: 'example' })).toThrow(/^PORTICO_API_NAME_SUFFIX: expected a dot/)
    expect(unknownEnvWarnings({ PORTICO_API_NAME_SUFFIX: '.x.id' })).toEqual([])
  })
})
