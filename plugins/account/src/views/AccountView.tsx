import { useMemo, type ReactNode } from 'react'
import { formatBalance, truncateAddress } from '@portico/contracts/spec'
import { accountTabSelected, Avatar, Button, EmptyState, Lazy, List, ListItem, Spinner, Stack, TabPanel, Tabs, Text, TileButton, TileRow, useAccount, useExtension, useKernel, useLocale, useNetwork, usePorticoDispatch, useTranslate, WalletImage } from '@portico/kernel'
import { ArrowDownIcon, ArrowUpIcon, CardIcon, ChevronDownIcon, CopyIcon, ExchangeIcon, WalletIcon, WarningIcon } from '@portico/kernel/icons'
import { mergeAccountTabs, sortWalletFeatures } from '../accountLists.js'
import type { WalletFeature } from '../extensionPoints.js'
import { DEFAULT_ACCOUNT_TABS } from './DefaultTabs.js'
import { DisconnectButton } from './DisconnectButton.js'

const FEATURE_ICONS: Record<string, (p: { size?: number }) => ReactNode> = {
  onramp: CardIcon,
  card: CardIcon,
  swaps: ExchangeIcon,
  swap: ExchangeIcon,
  receive: ArrowDownIcon,
  'arrow-down': ArrowDownIcon,
  send: ArrowUpIcon,
  'arrow-up': ArrowUpIcon,
}

function FeatureIcon({ feature }: { feature: WalletFeature }) {
  if (feature.icon && /[/:]/.test(feature.icon)) return <WalletImage src={feature.icon} name={feature.label} size={20} shape="circle" />
  const Icon = FEATURE_ICONS[feature.icon ?? feature.id] ?? FEATURE_ICONS[feature.id] ?? WalletIcon
  return <Icon size={20} />
}

/**
 * The Account view: avatar, address (copied on click), floored balance, network button, wallet features
 * (onramp, swaps, receive, send when contributed), Tokens / NFTs / Activity tabs and Disconnect.
 */
export default function AccountView() {
  const kernel = useKernel()
  const t = useTranslate()
  const { code: locale } = useLocale()
  const dispatch = usePorticoDispatch()
  const account = useAccount()
  const { network, caipNetworkId, isSupported } = useNetwork()
  // the lists other plugins extend; re-rendered when a contribution, or the state it derives from, changes
  const contributedFeatures = useExtension('account/features')
  const contributedTabs = useExtension('account/tabs')
  const actions = useExtension('account/actions')
  const features = useMemo(() => sortWalletFeatures(contributedFeatures), [contributedFeatures])
  const tabs = useMemo(() => mergeAccountTabs(DEFAULT_ACCOUNT_TABS, contributedTabs), [contributedTabs])

  if (!account.isConnected || !account.address) {
    return (
      <div data-testid="view-Account">
        <EmptyState
          icon={<WalletIcon size={28} />}
          title={t('account.notConnected.title')}
          description={t('account.notConnected.description')}
          action={
            <Button variant="primary" onClick={() => kernel.router.reset('Connect')}>
              {t('account.notConnected.action')}
            </Button>
          }
        />
      </div>
    )
  }

  const address = account.address
  const shown = account.profileName || truncateAddress(address)
  const symbol = account.balanceSymbol ?? network?.nativeCurrency.symbol
  const tabIndex = Math.min(Math.max(0, account.currentTab), tabs.length - 1)
  const tab = tabs[tabIndex]!
  // shown only where the wallet offers both an eoa and a smart account
  const hasSmartAccount = account.allAccounts.some((a) => a.type === 'smartAccount')
  const activeType = account.preferredAccountType ?? account.allAccounts.find((a) => a.address === address)?.type
  const accountType = hasSmartAccount && (activeType === 'smartAccount' || activeType === 'eoa') ? activeType : undefined

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable.')
      await navigator.clipboard.writeText(address)
      kernel.notify.toast(t('account.copied'), 'success')
    } catch {
      kernel.notify.toast(t('account.copyFailed'), 'error')
    }
  }
  const selectTab = (id: string) => {
    const index = tabs.findIndex((x) => x.id === id)
    if (account.namespace && index !== -1) dispatch(accountTabSelected({ namespace: account.namespace, index }))
  }

  return (
    <Stack gap={5} data-testid="view-Account">
      <Stack gap={2} align="center">
        <Avatar address={address} src={account.profileImage} size={72} label={shown} />
        <Button
          variant="ghost"
          data-testid="account-address"
          aria-label={t('account.copy', { address: shown })}
          title={address}
          onClick={() => void copy()}
          style={{ fontSize: 'var(--portico-font-size-lg)', height: 36 }}
        >
          {shown}
          <CopyIcon size={16} style={{ marginInlineStart: 8, verticalAlign: '-2px', color: 'var(--portico-color-fg-muted)' }} />
        </Button>
        {accountType && (
          // which of the wallet's accounts is in use, where it has an eoa and a smart account (SPEC §1)
          <span
            className={`portico-tag portico-tag--${accountType === 'smartAccount' ? 'accent' : 'neutral'}`}
            data-testid="account-type"
            data-type={accountType}
            title={t('account.type.label', { type: t(`account.type.${accountType}`) })}
          >
            {t(`account.type.${accountType}`)}
          </span>
        )}
        <Text as="p" variant="display" data-testid="account-balance" aria-busy={account.balanceLoading || undefined}>
          {account.balance === undefined && account.balanceLoading ? (
            <Spinner size={28} label={t('account.balance.loading')} />
          ) : account.balance === undefined && account.balanceError ? (
            // never a made-up 0.000: the network did not answer, say so and offer another read
            <Text as="span" variant="body" tone="muted" data-testid="account-balance-unavailable">
              {t('account.balance.unavailable')}
            </Text>
          ) : (
            formatBalance(account.balance, symbol, locale)
          )}
        </Text>
        {account.balance === undefined && account.balanceError && !account.balanceLoading && (
          <Button size="sm" variant="ghost" data-testid="account-balance-retry" onClick={() => void kernel.refreshBalance()}>
            {t('account.balance.retry')}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          data-testid="account-network"
          // named by its visible text (WCAG 2.5.3: no aria-label that the monogram's letters would contradict);
          // "switch network" is its description; the network icon beside it is decorative
          title={t('account.network.switch', { network: network?.name ?? t('account.network.unsupported') })}
          icon={
            isSupported && network ? (
              <WalletImage src={network.assets?.imageUrl} name={network.name} size={20} shape="circle" decorative />
            ) : (
              <WarningIcon size={16} style={{ color: 'var(--portico-color-warning)' }} />
            )
          }
          onClick={() => kernel.router.push('Networks')}
          style={{ borderRadius: 'var(--portico-radius-pill)', paddingInline: '6px 10px' }}
        >
          {network?.name ?? t('account.network.unsupported')}
          <ChevronDownIcon size={14} style={{ marginInlineStart: 4, verticalAlign: '-2px' }} />
        </Button>
      </Stack>

      {features.length > 0 && (
        <TileRow label={t('account.features')}>
          {features.map((feature) => (
            <TileButton
              key={feature.id}
              data-testid={`account-feature-${feature.id}`}
              icon={<FeatureIcon feature={feature} />}
              label={t(feature.label)}
              onClick={() => kernel.router.push(feature.view)}
            />
          ))}
        </TileRow>
      )}

      <div>
        <Tabs
          idPrefix="portico-account"
          label={t('account.tabs')}
          tabs={tabs.map((x) => ({ id: x.id, label: t(x.label) }))}
          selected={tab.id}
          onSelect={selectTab}
        />
        <TabPanel idPrefix="portico-account" id={tab.id}>
          <Lazy key={tab.id} id={tab.id} load={tab.load} errorMessage={t('account.tab.failed')} minHeight={160} />
        </TabPanel>
      </div>

      {actions.length > 0 && (
        <List label={t('account.actions')}>
          {actions.map((action) => (
            <ListItem
              key={action.id}
              data-testid={`account-${action.id}`}
              name={t(action.label)}
              description={action.detail}
              chevron
              onClick={() => kernel.router.push(action.view)}
            />
          ))}
        </List>
      )}

      <DisconnectButton />
    </Stack>
  )
}
