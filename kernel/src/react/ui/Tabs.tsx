import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { cx } from './classNames.js'

export type TabDescriptor = { id: string; label: ReactNode; icon?: ReactNode }

export type TabsProps = {
  tabs: readonly TabDescriptor[]
  selected: string
  onSelect: (id: string) => void
  /** Prefix of the tab and panel ids; unique per screen. */
  idPrefix: string
  /** Names the tab list for screen readers. */
  label: string
  className?: string
}

/** The id of a tab's panel, for {@link TabPanel}. */
export const tabPanelId = (idPrefix: string, id: string) => `${idPrefix}-panel-${id}`
const tabId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`

/**
 * A tab list with roving focus: arrow keys, Home and End move and select.
 *
 * @example
 * <Tabs idPrefix="account" label="Assets" tabs={[{ id: 'tokens', label: 'Tokens' }]} selected={tab} onSelect={setTab} />
 */
export function Tabs({ tabs, selected, onSelect, idPrefix, label, className }: TabsProps) {
  const listRef = useRef<HTMLDivElement>(null)
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === selected)
    let next = index
    // the arrow that points along the reading direction moves forward (left in a right-to-left modal)
    const forward = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl' ? 'ArrowLeft' : 'ArrowRight'
    const backward = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft'
    if (event.key === forward) next = (index + 1) % tabs.length
    else if (event.key === backward) next = (index - 1 + tabs.length) % tabs.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = tabs.length - 1
    else return
    event.preventDefault()
    const id = tabs[next]?.id
    if (id === undefined) return
    onSelect(id)
    listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus()
  }
  return (
    <div role="tablist" aria-label={label} className={cx('portico-tabs', className)} ref={listRef} onKeyDown={move}>
      {tabs.map((tab) => {
        const active = tab.id === selected
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            aria-selected={active}
            // only the selected tab's panel is rendered
            aria-controls={active ? tabPanelId(idPrefix, tab.id) : undefined}
            tabIndex={active ? 0 : -1}
            data-testid={`tab-${tab.id}`}
            className={cx('portico-tab', active && 'portico-tab--active')}
            onClick={() => onSelect(tab.id)}
          >
            {tab.icon}
            <span>{tab.label}</span>
          </button>
        )
      })}
    </div>
  )
}

/** The panel of the selected tab. */
export function TabPanel({ idPrefix, id, children }: { idPrefix: string; id: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={tabPanelId(idPrefix, id)} aria-labelledby={tabId(idPrefix, id)} className="portico-tab-panel" tabIndex={0}>
      {children}
    </div>
  )
}
