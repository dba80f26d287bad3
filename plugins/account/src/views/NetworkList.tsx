import { useEffect, useState } from 'react'
import type { CaipNetworkLike, ChainNamespace } from '@portico/contracts/plugin'
import { EmptyState, type Kernel, List, ListItem, SectionLabel, Stack, Text, useKernel, usePorticoSelector, useTranslate } from '@portico/kernel'
import { GlobeIcon } from '@portico/kernel/icons'

const NAMESPACE_LABELS: Record<ChainNamespace, string> = { eip155: 'EVM', solana: 'Solana', polkadot: 'Polkadot', bip122: 'Bitcoin' }

/** SPEC §9 image preload timeout. */
const IMAGE_TIMEOUT_MS = 2000

/** Network images fetched once per kernel and image id: a blob URL, or `undefined` when the api has none. */
const assetImages = new WeakMap<Kernel, Map<string, Promise<string | undefined>>>()

/** The network's image from the asset image registry (`public/getAssetImage/<imageId>`), fetched once per kernel. */
export function loadNetworkImage(kernel: Kernel, imageId: string): Promise<string | undefined> {
  let cache = assetImages.get(kernel)
  if (!cache) assetImages.set(kernel, (cache = new Map()))
  let image = cache.get(imageId)
  if (!image) {
    image = kernel.http
      .getBlobUrl({ endpoint: 'registry', path: `public/getAssetImage/${encodeURIComponent(imageId)}`, timeoutMs: IMAGE_TIMEOUT_MS })
      .catch(() => undefined)
    cache.set(imageId, image)
  }
  return image
}

/**
 * Image URLs of these networks: each one's own `assets.imageUrl`, else its `assets.imageId` from the api's asset
 * image registry once fetched; a network with neither (or whose image the api cannot give) gets a monogram.
 */
function useNetworkImages(networks: readonly CaipNetworkLike[]): Record<string, string> {
  const kernel = useKernel()
  const [fetched, setFetched] = useState<Record<string, string>>({})
  useEffect(() => {
    let live = true
    for (const network of networks) {
      const imageId = network.assets?.imageId
      if (network.assets?.imageUrl || !imageId) continue
      void loadNetworkImage(kernel, imageId).then((url) => {
        if (live && url) setFetched((prev) => (prev[imageId] === url ? prev : { ...prev, [imageId]: url }))
      })
    }
    return () => {
      live = false
    }
  }, [kernel, networks])
  const images: Record<string, string> = {}
  for (const network of networks) {
    const url = network.assets?.imageUrl ?? (network.assets?.imageId ? fetched[network.assets.imageId] : undefined)
    if (url) images[network.caipNetworkId] = url
  }
  return images
}

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
  const images = useNetworkImages(networks)

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
                imageUrl={images[network.caipNetworkId]}
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
