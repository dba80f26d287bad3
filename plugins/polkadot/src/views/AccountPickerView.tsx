import { useEffect } from 'react'
import type { ViewProps } from '@portico/contracts/plugin'
import { truncateAddress } from '@portico/contracts/spec'
import { List, ListItem, Stack, Text, useTranslate, WalletImage } from '@portico/kernel'
import { pickAccount, pickerHidden, pickerShown, type AccountPickerData } from '../picker.js'

/**
 * PolkadotAccounts: the extension has several accounts; the visitor picks the one to connect. Going back or closing
 * the modal declines the connection.
 */
export default function AccountPickerView({ data }: ViewProps<AccountPickerData>) {
  const t = useTranslate()
  const { requestId, wallet, walletIcon, accounts } = data
  useEffect(() => {
    pickerShown(requestId)
    return () => pickerHidden(requestId)
  }, [requestId])
  return (
    <Stack gap={4} data-testid="view-PolkadotAccounts">
      <Stack gap={2} align="center">
        <WalletImage src={walletIcon} name={wallet} size={56} />
        <Text as="p" variant="small" tone="muted" align="center">
          {t('polkadot.picker.description', { wallet, number: accounts.length })}
        </Text>
      </Stack>
      <List label={t('polkadot.picker.list')}>
        {accounts.map((account, index) => (
          <ListItem
            key={account.address}
            data-testid={`polkadot-account-${account.address}`}
            name={account.name ?? t('polkadot.picker.unnamed', { index: index + 1 })}
            imageName={account.name ?? account.address}
            imageShape="circle"
            description={<span title={account.address}>{truncateAddress(account.address)}</span>}
            chevron
            onClick={() => pickAccount(requestId, account.address)}
          />
        ))}
      </List>
    </Stack>
  )
}
