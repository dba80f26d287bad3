import { Button, EmptyState, useExtension, useKernel, useTranslate } from '@portico/kernel'
import { ActivityIcon, ArrowDownIcon, CardIcon, CoinsIcon, ImageIcon } from '@portico/kernel/icons'
import type { AccountTab } from '../extensionPoints.js'

/** Tokens: empty until a plugin replaces the tab; offers Receive or Buy when those features are on. */
function TokensEmpty() {
  const kernel = useKernel()
  const t = useTranslate()
  const features = useExtension('account/features')
  const next = features.find((f) => f.id === 'receive') ?? features.find((f) => f.id === 'onramp')
  return (
    <EmptyState
      data-testid="account-empty-tokens"
      icon={<CoinsIcon size={28} />}
      title={t('account.empty.tokens.title')}
      description={t('account.empty.tokens.description')}
      action={
        next ? (
          <Button
            variant="secondary"
            icon={next.id === 'receive' ? <ArrowDownIcon size={16} /> : <CardIcon size={16} />}
            onClick={() => kernel.router.push(next.view)}
          >
            {t(next.label)}
          </Button>
        ) : undefined
      }
    />
  )
}

function NftsEmpty() {
  const t = useTranslate()
  return (
    <EmptyState
      data-testid="account-empty-nfts"
      icon={<ImageIcon size={28} />}
      title={t('account.empty.nfts.title')}
      description={t('account.empty.nfts.description')}
    />
  )
}

function ActivityEmpty() {
  const t = useTranslate()
  return (
    <EmptyState
      data-testid="account-empty-activity"
      icon={<ActivityIcon size={28} />}
      title={t('account.empty.activity.title')}
      description={t('account.empty.activity.description')}
    />
  )
}

/** SPEC §2 Account tabs; feature plugins replace them by id through the `account/tabs` extension point. */
export const DEFAULT_ACCOUNT_TABS: readonly AccountTab[] = [
  { id: 'tokens', label: 'account.tab.tokens', load: async () => ({ default: TokensEmpty }) },
  { id: 'nfts', label: 'account.tab.nfts', load: async () => ({ default: NftsEmpty }) },
  { id: 'activity', label: 'account.tab.activity', load: async () => ({ default: ActivityEmpty }) },
]
