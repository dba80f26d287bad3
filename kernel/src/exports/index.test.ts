import { describe, expect, it } from 'vitest'
import * as kernel from './index.js'

describe('@portico/kernel export surface', () => {
  it('behavior: the runtime export names change only on purpose', () => {
    expect(Object.keys(kernel).sort()).toMatchInlineSnapshot(`
      [
        "Avatar",
        "Button",
        "ConnectButton",
        "Divider",
        "EmptyState",
        "IconButton",
        "KERNEL_VERSION",
        "Lazy",
        "List",
        "ListItem",
        "PorticoModalInline",
        "PorticoProvider",
        "SectionLabel",
        "SkeletonList",
        "Spinner",
        "Stack",
        "TabPanel",
        "Tabs",
        "Text",
        "TileButton",
        "TileRow",
        "WalletImage",
        "accountDetailsReported",
        "accountTabSelected",
        "connectFailed",
        "createKernel",
        "createMemoryStorage",
        "createSlice",
        "cx",
        "onListKeyDown",
        "preloadLazy",
        "profileReported",
        "useAccount",
        "useConnection",
        "useExtension",
        "useKernel",
        "useLocale",
        "useModal",
        "useNetwork",
        "usePorticoDispatch",
        "usePorticoSelector",
        "useTranslate",
        "walletInfoReported",
      ]
    `)
  })

  it('behavior: no kernel slice and no Redux helper but createSlice is exported; kernel events are action creators', () => {
    const names = Object.keys(kernel)
    expect(names.filter((n) => /Slice$/.test(n) && n !== 'createSlice')).toEqual([])
    expect(names).not.toContain('createAction')
    expect(names).not.toContain('createSelector')
    expect(names).not.toContain('createPorticoStore')
    expect(names).not.toContain('createRootReducer')
    expect(names).toContain('createSlice')
    // icons have their own entry (@portico/kernel/icons), so a plugin bundles only those it uses
    expect(names.filter((n) => /Icon$|^icons$/.test(n))).toEqual([])
    const events = {
      walletInfoReported: 'chains/walletInfoReported',
      accountDetailsReported: 'chains/accountDetailsReported',
      accountTabSelected: 'chains/accountTabSelected',
      connectFailed: 'connection/connectFailed',
      profileReported: 'chains/profileReported',
    } as const
    for (const [name, type] of Object.entries(events)) {
      const creator = kernel[name as keyof typeof events]
      expect(creator.type).toBe(type)
      expect(creator.match({ type })).toBe(true)
    }
    expect(kernel.accountTabSelected({ namespace: 'eip155', index: 2 })).toEqual({
      type: 'chains/accountTabSelected',
      payload: { namespace: 'eip155', index: 2 },
    })
  })
})
