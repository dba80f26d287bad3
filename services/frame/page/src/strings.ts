/**
 * The frame's visible text, by key, English by default. The frame is its own page (no kernel, no language-pack
 * plugins), so this is a flat table a locale could replace as a whole.
 */
export const STRINGS = {
  approvalLabel: 'Approve request',
  requestFrom: 'Request from',
  dappSays: 'The site calls itself',
  approve: 'Approve',
  reject: 'Reject',
  waitToApprove: 'Approve is available in a moment.',
  method: 'Method',
  'method.personal_sign': 'Sign message',
  'method.eth_signTypedData_v4': 'Sign typed data',
  'method.eth_sendTransaction': 'Send transaction',
  'method.wallet_sendCalls': 'Send calls',
  message: 'Message',
  domain: 'Domain',
  primaryType: 'Primary type',
  to: 'To',
  value: 'Value',
  data: 'Data',
  chain: 'Chain ID',
  account: 'Account',
  call: 'Call {n}',
  contractCreation: 'New contract',
  invalidConfigTitle: 'Invalid App Configuration',
  invalidConfigBody: 'This site is not allowed to use this wallet. The embedded wallet domain must be allowed in the project settings.',
  invalidProjectBody: 'The project id is not valid.',
  originsUnavailableBody: 'The sign-in service cannot check this site right now. Try again in a moment.',
} as const

export type StringKey = keyof typeof STRINGS

export const t = (key: StringKey, values: Record<string, string | number> = {}): string =>
  STRINGS[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`))
