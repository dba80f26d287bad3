import { useState } from 'react'
import { Button, usePorticoSelector, useKernel, useTranslate } from '@portico/kernel'
import { startFarcasterLogin } from '../farcaster/flow.js'
import { startSocialLogin } from '../flow.js'
import { MoreIcon, ProviderIcon } from '../icons.js'
import { PROVIDER_NAMES, type OfferedProvider } from '../providers.js'
import './socials.css'

/** Icons shown in the row before "more" (DESIGN: the first provider full width, then a row of icons). */
const ROW_SIZE = 3

/**
 * The `social` connect method: the first provider as a full-width button, the next ones as a row of icon buttons
 * with a "more" button that shows the rest. A click opens the sign-in popup at once (see startSocialLogin), or the
 * Farcaster code (startFarcasterLogin).
 */
export default function SocialMethod() {
  const kernel = useKernel()
  const t = useTranslate()
  const providers = usePorticoSelector((s) => s.socials?.providers ?? [])
  const [expanded, setExpanded] = useState(false)
  if (providers.length === 0) return null
  const [first, ...others] = providers as [OfferedProvider, ...OfferedProvider[]]
  const needsMore = others.length > ROW_SIZE + 1
  const row = needsMore && !expanded ? others.slice(0, ROW_SIZE) : others
  // Farcaster has its own flow: a QR code to scan, no popup
  const start = (provider: OfferedProvider) => (provider === 'farcaster' ? startFarcasterLogin(kernel) : startSocialLogin(kernel, provider))

  return (
    <div className="portico-socials" data-testid="social-method">
      <Button
        variant="secondary"
        size="lg"
        fullWidth
        className="portico-socials__primary"
        data-testid={`social-${first}`}
        icon={<ProviderIcon provider={first} />}
        onClick={() => start(first)}
      >
        {t('socials.continueWith', { provider: PROVIDER_NAMES[first] })}
      </Button>
      {others.length > 0 && (
        <div className="portico-socials__row" role="group" aria-label={t('socials.group')}>
          {row.map((p) => (
            <button
              key={p}
              type="button"
              className="portico-socials__icon"
              data-testid={`social-${p}`}
              aria-label={t('socials.signInWith', { provider: PROVIDER_NAMES[p] })}
              title={PROVIDER_NAMES[p]}
              onClick={() => start(p)}
            >
              <ProviderIcon provider={p} size={22} />
            </button>
          ))}
          {needsMore && (
            <button
              type="button"
              className="portico-socials__icon"
              data-testid="social-more"
              aria-expanded={expanded}
              aria-label={expanded ? t('socials.less') : t('socials.more')}
              title={expanded ? t('socials.less') : t('socials.more')}
              onClick={() => setExpanded((v) => !v)}
            >
              <MoreIcon size={22} />
            </button>
          )}
        </div>
      )}
    </div>
  )
}
