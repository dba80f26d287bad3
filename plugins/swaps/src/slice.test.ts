import { describe, expect, it } from 'vitest'
import { receiptStatus } from './flow.js'
import { initialSwapsState, swapsActions, swapsSlice, type SwapsState } from './slice.js'
import type { SwapTokenItem } from './tokens.js'

const reduce = (state: SwapsState, ...actions: Parameters<typeof swapsSlice.reducer>[1][]) => actions.reduce(swapsSlice.reducer, state)
const token = (symbol: string, address: string): SwapTokenItem => ({ name: symbol, symbol, address, decimals: 18, logoUri: '', price: 1 })
const ETH = token('ETH', 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
const PTD = token('PTD', 'eip155:1:0xAA')

describe('swaps slice', () => {
  it("behavior: choosing the other side's token swaps the sides; any change of input drops the quote and the allowance", () => {
    let state = reduce(initialSwapsState, swapsActions.sourceTokenSelected(ETH), swapsActions.toTokenSelected(PTD))
    state = reduce(state, swapsActions.quoteLoaded({ key: 'k', fromAmount: '1', toAmount: '2' }), swapsActions.allowanceRead('enough'))
    state = reduce(state, swapsActions.sourceTokenSelected({ ...PTD, address: 'eip155:1:0xaa' }))
    expect([state.sourceToken?.symbol, state.toToken?.symbol]).toEqual(['PTD', 'ETH'])
    expect([state.quote, state.quoteStatus, state.allowanceStatus]).toEqual([undefined, 'idle', 'idle'])
  })

  it('behavior: an answer for an input left since is dropped; a refresh keeps the shown quote until the new one', () => {
    let state = reduce(initialSwapsState, swapsActions.quoteLoaded({ key: 'a', fromAmount: '1', toAmount: '2' }))
    state = reduce(state, swapsActions.quoteRequested({ key: 'a' }))
    expect(state.quote?.toAmount).toBe('2')
    state = reduce(state, swapsActions.quoteFailed({ key: 'b', noRoute: true }))
    expect(state.quote?.toAmount).toBe('2')
    state = reduce(state, swapsActions.quoteFailed({ key: 'a', noRoute: true }))
    expect([state.quote, state.quoteStatus]).toEqual([undefined, 'noRoute'])
  })

  it('error: a failed refresh of the shown quote (the api down) keeps it, marked failed; a new input does not', () => {
    let state = reduce(initialSwapsState, swapsActions.quoteLoaded({ key: 'a', fromAmount: '1', toAmount: '2' }), swapsActions.quoteRequested({ key: 'a' }))
    state = reduce(state, swapsActions.quoteFailed({ key: 'a', noRoute: false }))
    expect([state.quote?.toAmount, state.quoteStatus]).toEqual(['2', 'failed'])
    state = reduce(state, swapsActions.amountChanged('3'), swapsActions.quoteRequested({ key: 'b' }), swapsActions.quoteFailed({ key: 'b', noRoute: false }))
    expect([state.quote, state.quoteStatus]).toEqual([undefined, 'failed'])
  })

  it('error: a swap that reverts on chain returns to the form and says why', () => {
    let state = reduce(initialSwapsState, swapsActions.swapStarted(), swapsActions.swapSent({ hash: '0x01' }))
    expect(state.step).toBe('sent')
    state = reduce(state, swapsActions.swapReverted())
    expect(state).toMatchObject({ step: 'form', txHash: undefined, error: { key: 'swaps.preview.reverted' } })
    // a late confirmation of the reverted swap changes nothing
    expect(reduce(state, swapsActions.swapConfirmed()).step).toBe('form')
  })

  it("behavior: a receipt's status is read defensively", () => {
    expect(receiptStatus({ result: { status: '0x0' } })).toBe('0x0')
    expect(receiptStatus({ result: { status: '0x1' } })).toBe('0x1')
    expect(receiptStatus({ result: null })).toBeUndefined()
    expect(receiptStatus('nonsense')).toBeUndefined()
  })
})
