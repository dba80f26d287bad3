import { describe, expect, it } from 'vitest'
import { ConnectorInfoSchema, ConnectorTypeSchema } from './connector.js'

describe('ConnectorInfoSchema', () => {
  it('behavior: the six connector types', () => {
    expect(ConnectorTypeSchema.options).toEqual(['AUTH', 'MULTI_CHAIN', 'ANNOUNCED', 'INJECTED', 'WALLET_CONNECT', 'EXTERNAL'])
    const connector = { id: 'io.metamask', name: 'MetaMask', chain: 'eip155', type: 'ANNOUNCED', info: { rdns: 'io.metamask' } }
    expect(ConnectorInfoSchema.parse(connector)).toEqual(connector)
    expect(ConnectorInfoSchema.safeParse({ ...connector, type: 'announced' }).success).toBe(false)
  })
})
