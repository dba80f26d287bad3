import { describe, expect, it } from 'vitest'
import { GetWalletsResponseSchema as ContractSchema } from '@portico/contracts/api'
import { GetWalletsResponseSchema } from './schemas.js'

const listing = {
  id: 'rainbow',
  name: 'Rainbow',
  image_id: 'rainbow',
  homepage: 'https://rainbow.me',
  rdns: 'me.rainbow',
  chains: ['eip155:1'],
  mobile_link: 'rainbow://',
  desktop_link: null,
  webapp_link: null,
  app_store: null,
  play_store: null,
  chrome_store: null,
  badge_type: 'none',
  order: 4,
}

const both = (value: unknown) => [GetWalletsResponseSchema.safeParse(value).success, ContractSchema.safeParse(value).success]

describe('the plugin reads the registry as the contract defines it', () => {
  it('behavior: contract answers pass; answers the contract refuses for what the modal reads fail too', () => {
    expect(both({ count: 1, data: [listing] })).toEqual([true, true])
    expect(both({ count: 0, data: [] })).toEqual([true, true])
    expect(both({ count: 'many', data: [listing] })).toEqual([false, false])
    expect(both({ count: -1, data: [] })).toEqual([false, false])
    expect(both({ count: 1.5, data: [] })).toEqual([false, false])
    expect(both({ count: 1, data: [{ ...listing, id: 1 }] })).toEqual([false, false])
    expect(both({ count: 1, data: [{ ...listing, image_id: undefined }] })).toEqual([false, false])
    expect(both({ count: 1, data: [{ ...listing, chains: 'eip155:1' }] })).toEqual([false, false])
    expect(both({ count: 1, data: [{ ...listing, mobile_link: 7 }] })).toEqual([false, false])
    expect(both({ data: [] })).toEqual([false, false])
  })

  it('behavior: fields the modal does not read may differ (a newer registry), the listing still reads', () => {
    expect(both({ count: 1, data: [{ ...listing, badge_type: 'gold', order: undefined, extra: true }] })).toEqual([true, false])
  })
})
