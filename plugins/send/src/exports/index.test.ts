import { expect, it } from 'vitest'
import * as exports from './index.js'

it('behavior: the public surface changes only on purpose', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "ERC20_TRANSFER_ABI",
      "NATIVE_TRANSFER_GAS",
      "TOKEN_TRANSFER_GAS",
      "USDT_CONTRACTS",
      "USDT_TRANSFER_ABI",
      "activeSender",
      "balanceUnits",
      "buildTransfer",
      "checkAmount",
      "checkReceiver",
      "default",
      "estimateFee",
      "feeInUsd",
      "formTransaction",
      "formatFee",
      "initialSendState",
      "isInsufficientGas",
      "isNative",
      "isValid",
      "liveNative",
      "loadSendBalances",
      "maxNativeUnits",
      "nativeFromAccount",
      "parseAmount",
      "previewFee",
      "readGasPrice",
      "selectSend",
      "send",
      "sendActions",
      "sendDeps",
      "sendFeature",
      "sendMessages",
      "sendSlice",
      "submitSend",
      "tokenContract",
      "tokenDecimals",
      "transferAbiFor",
      "unitsToDecimal",
      "validateSend",
    ]
  `)
})
