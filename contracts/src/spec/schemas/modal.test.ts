import { describe, expect, it } from 'vitest'
import { ModalStateSchema } from './modal.js'

describe('ModalStateSchema', () => {
  it('behavior: loading per namespace is a partial map', () => {
    const state = { loading: false, open: true, shake: false, namespace: 'solana', loadingNamespaceMap: { solana: true } }
    expect(ModalStateSchema.parse(state)).toEqual(state)
    expect(ModalStateSchema.safeParse({ ...state, loadingNamespaceMap: { cosmos: true } }).success).toBe(false)
  })
})
