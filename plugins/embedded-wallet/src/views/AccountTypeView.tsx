import { useState } from 'react'
import { truncateAddress } from '@portico/contracts/spec'
import { Avatar, EmptyState, List, ListItem, Stack, Text, useAccount, useKernel, useTranslate } from '@portico/kernel'
import { AUTH_CONNECTOR_ID } from '../constants.js'
import type { AuthConnector, EvmAccountType } from '../connector.js'

const TYPES: readonly EvmAccountType[] = ['smartAccount', 'eoa']

/**
 * AccountType: the embedded wallet's two eip155 accounts (SPEC §1), the smart account and the eoa that owns it, the
 * one in use checked. Choosing the other switches (SET_PREFERRED_ACCOUNT); the Account view follows.
 */
export default function AccountTypeView(_props: { view: string; data: unknown }) {
  const kernel = useKernel()
  const t = useTranslate()
  const account = useAccount()
  const connector = kernel.getConnector(AUTH_CONNECTOR_ID) as AuthConnector | undefined
  const [switching, setSwitching] = useState<EvmAccountType | undefined>()

  const byType = (type: EvmAccountType) => account.allAccounts.find((a) => a.type === type)
  if (!connector?.setPreferredAccountType || !byType('smartAccount') || !byType('eoa')) {
    return (
      <div data-testid="view-AccountType">
        <EmptyState title={t('embeddedWallet.accountType.title')} description={t('embeddedWallet.approve.unavailable.description')} />
      </div>
    )
  }
  const inUse = account.preferredAccountType === 'smartAccount' ? 'smartAccount' : 'eoa'

  const choose = async (type: EvmAccountType) => {
    if (type === inUse || switching) return
    setSwitching(type)
    try {
      await connector.setPreferredAccountType(type)
      kernel.notify.toast(t(`embeddedWallet.accountType.switched.${type}`), 'success')
      kernel.router.goBack()
    } catch (error) {
      const reason = (error as { shortMessage?: string; message?: string })?.shortMessage ?? (error as Error)?.message ?? ''
      kernel.notify.toast(t('embeddedWallet.accountType.failed', { reason }), 'error')
    } finally {
      setSwitching(undefined)
    }
  }

  return (
    <Stack gap={4} data-testid="view-AccountType">
      <Text as="p" variant="small" tone="muted" align="center">
        {t('embeddedWallet.accountType.description')}
      </Text>
      <List label={t('embeddedWallet.accountType.title')}>
        {TYPES.map((type) => {
          const address = byType(type)!.address
          return (
            <ListItem
              key={type}
              data-testid={`account-type-${type}`}
              icon={<Avatar address={address} size={40} decorative />}
              name={t(`embeddedWallet.accountType.${type}`)}
              description={truncateAddress(address)}
              title={address}
              tag={type === inUse ? t('embeddedWallet.accountType.inUse') : undefined}
              tagVariant="accent"
              selected={type === inUse}
              loading={switching === type}
              disabled={switching !== undefined && switching !== type}
              onClick={() => void choose(type)}
            />
          )
        })}
      </List>
      {account.smartAccountDeployed === false && (
        <Text as="p" variant="small" tone="muted" align="center" data-testid="account-type-not-deployed">
          {t('embeddedWallet.accountType.notDeployed')}
        </Text>
      )}
    </Stack>
  )
}
