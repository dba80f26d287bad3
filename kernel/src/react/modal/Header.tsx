import type { ViewEntry } from '@portico/contracts/plugin'
import { useKernel, usePorticoSelector, useTranslate } from '../hooks.js'
import { IconButton } from '../ui/Button.js'
import { ChevronLeftIcon, CloseIcon } from '../ui/icons.js'
import { useRouterSnapshot } from './useRouterSnapshot.js'
import { resolveViewTitle } from './viewTitle.js'

export type HeaderProps = {
  titleId: string
  /** Entries the outlet resolved, for views whose plugin the registry does not list yet. */
  resolvedEntries: Readonly<Record<string, ViewEntry>>
}

/** Back (only with history, unless the view hides it), the view's title, close. */
export function Header({ titleId, resolvedEntries }: HeaderProps) {
  const kernel = useKernel()
  const t = useTranslate()
  const history = useRouterSnapshot()
  const current = history.at(-1)
  // Re-render when a plugin becomes ready: its views (and their titles) appear in the registry then.
  usePorticoSelector((s) => s.plugins.byName)
  const entry = current ? (kernel.plugins.getView(current.view) ?? resolvedEntries[current.view]) : undefined
  const title = usePorticoSelector((state) => resolveViewTitle(entry, current?.data, state, t))
  const label = usePorticoSelector((state) => resolveViewTitle(entry, current?.data, state, t, 'label'))
  const showBack = history.length > 1 && !entry?.hideBack

  return (
    // not a <header>: inside the dialog it would be a second banner landmark
    <div className="portico-header">
      <div className="portico-header__side">
        {showBack && (
          <IconButton label={t('modal.back')} data-testid="header-back" onClick={() => kernel.router.goBack()}>
            <ChevronLeftIcon />
          </IconButton>
        )}
      </div>
      {/* the dialog is labelled by `titleId`: the view's label when it has one, else this heading */}
      {label && (
        <span id={titleId} className="portico-visually-hidden">
          {label}
        </span>
      )}
      <h2 id={label ? undefined : titleId} className="portico-header__title" data-testid="header-title" tabIndex={-1}>
        {title ? (
          <span key={title} className="portico-header__title-text">
            {title}
          </span>
        ) : (
          // Untitled views still give the dialog a name.
          <span className="portico-visually-hidden">{t('modal.label')}</span>
        )}
      </h2>
      <div className="portico-header__side portico-header__side--end">
        <IconButton label={t('modal.close')} data-testid="modal-close" onClick={() => kernel.close()}>
          <CloseIcon />
        </IconButton>
      </div>
    </div>
  )
}
