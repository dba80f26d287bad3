import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import type { PorticoState } from '@portico/contracts/plugin'
import { Button, EmptyState, type Kernel, List, ListItem, type ListItemProps, SkeletonList, Stack, useExtension, useKernel, usePorticoSelector, useTranslate } from '@portico/kernel'
import { GridIcon, QrIcon, WalletIcon } from '@portico/kernel/icons'
import type { WalletListItem } from '../extensionPoints.js'
import { selectConnectAllowed } from '../slice.js'
import { groupWalletItems, walletItemTestId, type WalletGroup } from '../walletList.js'

const TAG_VARIANT: Partial<Record<WalletGroup, ListItemProps['tagVariant']>> = {
  walletConnect: 'accent',
  injected: 'success',
}

/**
 * The registry's wallet count, when the wallets plugin has put one in its slice. This plugin does not depend on
 * that one, so it reads the slice by name and checks its shape instead of importing its type.
 */
function selectWalletCount(state: PorticoState): number | undefined {
  const slices: Readonly<Record<string, unknown>> = state
  const wallets = slices.wallets
  const count = typeof wallets === 'object' && wallets !== null && 'count' in wallets ? wallets.count : undefined
  return typeof count === 'number' && count > 0 ? count : undefined
}

/** "430+" for a large registry, the exact number for a small one. */
function countLabel(count: number | undefined): string | undefined {
  if (count === undefined) return undefined
  return count >= 10 ? `${Math.floor(count / 10) * 10}+` : String(count)
}

/**
 * Whether a plugin can show AllWallets: not when the `wallets` feature is off; yes when a set-up plugin or the
 * inline manifest provides the view, or when a manifest URL may.
 */
export function allWalletsAvailable(kernel: Kernel, features: PorticoState['options']['features']): boolean {
  // the kernel answers for bundled plugins and, once the manifest is loaded (the modal opening), remote ones
  return features.wallets !== false && kernel.plugins.hasView('AllWallets')
}

function IconTile({ children }: { children: ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className="portico-image portico-image--rounded"
      style={{
        width: 40,
        height: 40,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'var(--portico-accent-soft)',
        color: 'var(--portico-accent-soft-fg)',
      }}
    >
      {children}
    </span>
  )
}

/**
 * The `wallet` connect method: the `connect/walletItems` list (this plugin's connectors and recent wallets, then
 * what other plugins contribute), grouped in SPEC §2 order, then "All wallets" when a plugin provides it. It
 * re-renders when a contribution, or the state one reads, changes.
 */
export default function WalletMethod() {
  const kernel = useKernel()
  const t = useTranslate()
  const connectors = usePorticoSelector((s) => s.connectors.list)
  const features = usePorticoSelector((s) => s.options.features)
  // whether a plugin provides AllWallets changes as plugins are set up
  const plugins = usePorticoSelector((s) => s.plugins.byName)
  const walletCount = usePorticoSelector(selectWalletCount)
  const items = useExtension('connect/walletItems')

  const allowed = usePorticoSelector(selectConnectAllowed)
  const collapse = usePorticoSelector((s) => s.connect?.collapseWallets === true)
  const [expanded, setExpanded] = useState(false)
  const listId = useId()
  const focusFirst = useRef(false)
  useEffect(() => {
    if (!expanded || !focusFirst.current) return
    focusFirst.current = false
    document.getElementById(listId)?.querySelector<HTMLElement>('[data-list-item]:not(:disabled)')?.focus()
  }, [expanded, listId])

  const sections = useMemo(() => groupWalletItems(items), [items])
  const showAllWallets = useMemo(() => allWalletsAvailable(kernel, features), [kernel, features, plugins])

  const choose = (item: WalletListItem) => {
    if (!allowed) return
    if (item.links) {
      // opened in the click itself, so a popup blocker lets it through; the view then says what happened
      const href = kernel.isMobile() ? item.links.mobile : item.links.desktop
      let opened = false
      if (href) {
        const tab = window.open(href, '_blank')
        if (tab) {
          tab.opener = null
          opened = true
        }
      }
      return kernel.router.push(item.view ?? 'ConnectingCustom', { ...(item.viewData as object | undefined), href, opened })
    }
    if (item.view) return kernel.router.push(item.view, item.viewData)
    if (item.connectorId) {
      const type = connectors.find((c) => c.id === item.connectorId)?.type
      if (type === 'WALLET_CONNECT') return kernel.router.push('ConnectingWalletConnect')
      return kernel.router.push('ConnectingExternal', { connectorId: item.connectorId })
    }
    kernel.router.push('ConnectingWalletConnect', { walletId: item.id })
  }
  const browseAll = () => {
    if (allowed) kernel.router.push('AllWallets')
  }
  const disabledProps = allowed ? {} : { disabled: true, 'aria-disabled': true }

  if (collapse && !expanded && (sections.length > 0 || showAllWallets)) {
    return (
      <Button
        data-testid="connect-continue-wallet"
        variant="secondary"
        fullWidth
        size="lg"
        icon={<WalletIcon size={18} />}
        aria-expanded={false}
        aria-controls={listId}
        {...disabledProps}
        onClick={() => {
          focusFirst.current = true
          setExpanded(true)
        }}
      >
        {t('connect.continueWithWallet')}
      </Button>
    )
  }

  if (sections.length === 0) {
    return (
      <EmptyState
        data-testid="connect-empty"
        icon={<WalletIcon size={28} />}
        title={t('connect.empty.title')}
        description={t('connect.empty.description')}
        action={
          showAllWallets ? (
            <Button variant="primary" icon={<GridIcon size={16} />} onClick={browseAll} {...disabledProps}>
              {t('connect.empty.browse')}
            </Button>
          ) : undefined
        }
      />
    )
  }

  return (
    <Stack gap={2} data-testid="wallet-list" id={listId}>
      {sections.map((section) => (
        <List key={section.group} label={t(`connect.group.${section.group}`)} data-group={section.group}>
          {section.items.filter((item) => !item.placeholder).map((item) => (
            <ListItem
              key={walletItemTestId(item)}
              data-testid={walletItemTestId(item)}
              name={item.name}
              imageUrl={item.imageUrl}
              {...(section.group === 'walletConnect' && !item.imageUrl
                ? {
                    icon: (
                      <IconTile>
                        <QrIcon size={22} />
                      </IconTile>
                    ),
                  }
                : {})}
              tag={item.tag ? t(item.tag) : undefined}
              tagVariant={TAG_VARIANT[section.group] ?? 'neutral'}
              {...(item.description ? { description: t(item.description) } : {})}
              onClick={() => choose(item)}
              {...disabledProps}
            />
          ))}
          {section.items.some((item) => item.placeholder) && (
            <SkeletonList
              data-testid={`wallet-placeholders-${section.group}`}
              className="portico-skeleton-list--tiles"
              label={t('connect.loadingWallets')}
              rows={section.items.filter((item) => item.placeholder).length}
              lines={(i) => [`${40 + ((i * 17) % 30)}%`]}
              image="rounded"
            />
          )}
        </List>
      ))}
      {showAllWallets && (
        <ListItem
          data-testid="all-wallets"
          name={t('connect.allWallets')}
          icon={
            <IconTile>
              <GridIcon size={20} />
            </IconTile>
          }
          tag={countLabel(walletCount)}
          tagVariant="accent"
          chevron
          onClick={browseAll}
          {...disabledProps}
        />
      )}
    </Stack>
  )
}
