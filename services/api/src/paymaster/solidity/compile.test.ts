import { describe, expect, it } from 'vitest'
import { compilePorticoAccount, readPorticoAccountArtifact } from './compile.js'

describe('PorticoAccount.sol and its committed artifact', () => {
  it('behavior: compiling the source with the pinned solc gives exactly the committed ABI and bytecode (they never drift)', async () => {
    const compiled = await compilePorticoAccount()
    const committed = readPorticoAccountArtifact()
    expect(compiled.solc).toBe(committed.solc)
    expect(compiled.abi).toEqual(committed.abi)
    // the bytecode ends with the metadata hash of every source: a changed comment changes it too
    expect(compiled.bytecode).toBe(committed.bytecode)
    // the factory keeps SimpleAccountFactory v0.7's interface, which permissionless and the bundler call
    const functions = committed.abi.filter((item) => (item as { type: string }).type === 'function').map((item) => (item as { name: string }).name)
    expect(functions.sort()).toEqual(['accountImplementation', 'createAccount', 'getAddress'])
  }, 120_000)
})
