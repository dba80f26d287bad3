import { describe, expect, it } from 'vitest'
import type { AccountTab } from './extensionPoints.js'
import { mergeAccountTabs, sortWalletFeatures } from './accountLists.js'

const f = (id: string) => ({ id, label: id, view: id })
const tab = (id: string, label = id): AccountTab => ({ id, label, load: async () => ({ default: () => null }) })

describe('sortWalletFeatures', () => {
  it('behavior: only contributed features show, in the order onramp, swaps, receive, send, others after', () => {
    expect(sortWalletFeatures([f('send'), f('names'), f('onramp'), f('receive')]).map((x) => x.id)).toEqual(['onramp', 'receive', 'send', 'names'])
    expect(sortWalletFeatures([])).toEqual([])
  })
  it('behavior: a feature contributed twice shows once', () => {
    expect(sortWalletFeatures([f('swaps'), f('swaps')]).map((x) => x.id)).toEqual(['swaps'])
  })
})

describe('mergeAccountTabs', () => {
  it('behavior: a contributed tab replaces the default with its id in place; new ids are appended', () => {
    const merged = mergeAccountTabs([tab('tokens'), tab('nfts'), tab('activity')], [tab('activity', 'History'), tab('names')])
    expect(merged.map((x) => [x.id, x.label])).toEqual([
      ['tokens', 'tokens'],
      ['nfts', 'nfts'],
      ['activity', 'History'],
      ['names', 'names'],
    ])
  })
})
