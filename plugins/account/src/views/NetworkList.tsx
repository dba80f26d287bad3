import { useState } from 'react'
import type { CaipNetworkLike, ChainNamespace } from '@portico/contracts/plugin'
import { EmptyState, List, ListItem, SectionLabel, Stack, Text, useKernel, usePorticoSelector, useTranslate } from '@portico/kernel'
import { GlobeIcon } from '@portico/kernel/icons'

const NAMESPACE_LABELS: Record<ChainNamespace, string> = { eip155: 'EVM', solana: 'Solana', polkadot: 'Polkadot', bip122: 'Bitcoin' }

/**
 * The configured networks with their icons, the active one marked; choosing one switches to it through the
 * kernel (which toasts a failure) and then calls `onSwitched`.
 */
export function NetworkList({ onSwitched }: { onSwitched?: (caipNetworkId: string) => void }) {
  const kernel = useKernel()
  const t = useTranslate()
  const networks = usePorticoSelector((s) => s.chains.networks)
  const active = usePorticoSelector((s) => s.chains.activeCaipNetworkId)
  const switchEnabled = usePorticoSelector((s) => s.options.enableNetworkSwitch)
  const [pending, setPending] = useState<string>()

  const choose = async (network: CaipNetworkLike) => {
    if (network.caipNetworkId === active) return onSwitched?.(network.caipNetworkId)
    setPending(network.caipNetworkId)
    try {
      await kernel.switchNetwork(network.caipNetworkId)
      onSwitched?.(network.caipNetworkId)
    } catch {
      // the kernel toasts why the switch failed; the list stays for another try
    } finally {
      setPending(undefined)
    }
  }

  if (networks.length === 0) {
    return <EmptyState icon={<GlobeIcon size={28} />} title={t('networks.empty.title')} description={t('networks.empty.description')} />
  }

  const namespaces = [...new Set(networks.map((n) => n.chainNamespace))]
  const grouped = namespaces.map((ns) => ({ ns, list: networks.filter((n) => n.chainNamespace === ns) }))

  return (
    <Stack gap={3}>
      {grouped.map(({ ns, list }) => (
        <div key={ns}>
          {namespaces.length > 1 && <SectionLabel id={`portico-networks-${ns}`}>{NAMESPACE_LABELS[ns] ?? ns}</SectionLabel>}
          <List label={namespaces.length > 1 ? (NAMESPACE_LABELS[ns] ?? ns) : t('networks.label')}>
            {list.map((network) => (
              <ListItem
                key={network.caipNetworkId}
                data-testid={`network-${network.caipNetworkId}`}
                name={network.name}
                imageUrl={network.assets?.imageUrl}
                imageShape="circle"
                selected={network.caipNetworkId === active}
                tag={network.testnet ? t('networks.testnet') : undefined}
                tagVariant="warning"
                loading={pending === network.caipNetworkId}
                disabled={!switchEnabled || (pending !== undefined && pending !== network.caipNetworkId)}
                onClick={() => void choose(network)}
              />
            ))}
          </List>
        </div>
      ))}
      {pending !== undefined && (
        <Text as="p" variant="small" tone="muted" align="center" role="status">
          {t('networks.switching')}
        </Text>
      )}
      {!switchEnabled && (
        <Text as="p" variant="small" tone="muted" align="center">
          {t('networks.switchDisabled')}
        </Text>
      )}
    </Stack>
  )
}
