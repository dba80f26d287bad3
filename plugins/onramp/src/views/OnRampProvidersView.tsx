import { useEffect } from 'react'
import { EmptyState, List, ListItem, SkeletonList, Stack, Text, useKernel, useNetwork, usePorticoSelector, useTranslate } from '@portico/kernel'
import { AlertIcon, CardIcon } from '@portico/kernel/icons'
import { loadOnramp, onrampTarget } from '../flow.js'
import { onrampActions, selectOnramp } from '../slice.js'
import './onramp.css'

/**
 * OnRampProviders: the card providers (label, fee range), those serving the account's network first; choosing one
 * opens the buy form.
 */
export default function OnRampProvidersView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { network } = useNetwork()
  const target = usePorticoSelector(onrampTarget)
  const onramp = usePorticoSelector(selectOnramp)

  useEffect(() => {
    if (target) void loadOnramp(kernel)
  }, [kernel, target?.caipNetworkId, target?.address]) // eslint-disable-line react-hooks/exhaustive-deps

  if (!target) {
    return (
      <div data-testid="view-OnRampProviders">
        <EmptyState icon={<AlertIcon size={28} />} title={t('onramp.unsupported')} />
      </div>
    )
  }

  const serves = (chains: readonly string[]) => chains.includes(target.caipNetworkId)
  const providers = [...onramp.providers].sort((a, b) => Number(serves(b.supportedChains)) - Number(serves(a.supportedChains)))
  const choose = (name: string) => {
    kernel.store.dispatch(onrampActions.providerSelected(name))
    void kernel.router.push('OnRampBuy')
  }

  return (
    <Stack gap={3} className="portico-onramp" data-testid="view-OnRampProviders">
      <Text as="p" variant="small" tone="muted">
        {t('onramp.providers.intro', { network: network?.name ?? target.network })}
      </Text>
      {onramp.providersStatus !== 'ready' ? (
        <SkeletonList rows={2} label={t('onramp.providers.loading')} lines={() => ['45%', '25%']} image="rounded" />
      ) : providers.length === 0 ? (
        <EmptyState icon={<CardIcon size={28} />} title={t('onramp.providers.empty')} />
      ) : (
        <List label={t('onramp.providers.title')}>
          {providers.map((p) => (
            <ListItem
              key={p.name}
              data-testid={`onramp-provider-${p.name}`}
              name={p.label}
              icon={<CardIcon size={22} />}
              description={t('onramp.providers.fee', { range: p.feeRange })}
              tag={serves(p.supportedChains) ? undefined : t('onramp.providers.unsupported')}
              tagVariant="warning"
              chevron
              onClick={() => choose(p.name)}
            />
          ))}
        </List>
      )}
    </Stack>
  )
}
