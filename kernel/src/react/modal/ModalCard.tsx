import { useCallback, useState } from 'react'
import type { ViewEntry } from '@portico/contracts/plugin'
import { AnimatedHeight } from './AnimatedHeight.js'
import { Header } from './Header.js'
import { AlertBanner, Toast } from './Notices.js'
import { ViewOutlet } from './ViewOutlet.js'

/** The card's content, shared by the dialog and the inline (embedded) modal. */
export function ModalCardContent({ titleId }: { titleId: string }) {
  const [resolvedEntries, setResolvedEntries] = useState<Record<string, ViewEntry>>({})
  const onResolved = useCallback((view: string, entry: ViewEntry) => {
    setResolvedEntries((all) => (all[view] === entry ? all : { ...all, [view]: entry }))
  }, [])
  return (
    <>
      <Header titleId={titleId} resolvedEntries={resolvedEntries} />
      <AlertBanner />
      <AnimatedHeight>
        <ViewOutlet onResolved={onResolved} />
      </AnimatedHeight>
      <Toast placement="card" />
    </>
  )
}
