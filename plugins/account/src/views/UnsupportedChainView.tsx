import { EmptyState, Stack, usePorticoSelector, useTranslate } from '@portico/kernel'
import { WarningIcon } from '@portico/kernel/icons'
import { DisconnectButton } from './DisconnectButton.js'
import { NetworkList } from './NetworkList.js'

/**
 * The UnsupportedChain view: the wallet is on a network the app does not support; switch to a supported one
 * (the kernel then shows Account) or disconnect.
 */
export default function UnsupportedChainView() {
  const t = useTranslate()
  // the network the wallet is on, when it is one the app does not list (else the list marks it)
  const current = usePorticoSelector((s) => {
    const id = s.chains.activeCaipNetworkId
    return id && !s.chains.networks.some((n) => n.caipNetworkId === id) ? id : undefined
  })
  const connected = usePorticoSelector((s) => {
    const ns = s.chains.activeNamespace
    return Boolean(ns && s.chains.accounts[ns]?.address)
  })
  return (
    <Stack gap={4} data-testid="view-UnsupportedChain">
      <EmptyState
        tone="warning"
        icon={<WarningIcon size={28} />}
        title={t('unsupported.heading')}
        description={
          <>
            {t('unsupported.description')}
            {current && (
              <>
                <br />
                <span data-testid="unsupported-current">{t('unsupported.current', { network: current })}</span>
              </>
            )}
          </>
        }
        className="portico-empty--compact"
      />
      <NetworkList />
      {connected && <DisconnectButton />}
    </Stack>
  )
}
