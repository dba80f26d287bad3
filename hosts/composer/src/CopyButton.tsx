import { useEffect, useRef, useState } from 'react'

/** Copies through the async clipboard API, else through a selected hidden textarea (pages without the API). */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    return
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.append(area)
    area.select()
    const ok = document.execCommand('copy')
    area.remove()
    if (!ok) throw new Error('The browser refused to copy.')
  }
}

type Props = { text: string | undefined; label: string; testId: string; className?: string }

/** A button that copies `text` and says "Copied" (or why not) for a moment, announced to screen readers. */
export function CopyButton({ text, label, testId, className }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = () => {
    if (text === undefined) return
    copyText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    )
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setState('idle'), 2000)
  }
  return (
    <button type="button" className={className ?? 'cp-button'} data-testid={testId} data-state={state} disabled={text === undefined} onClick={copy}>
      {state === 'copied' ? (
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" /></svg>
      ) : (
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true"><rect x="8" y="8" width="12" height="12" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
      )}
      <span>{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text and copy it' : label}</span>
      <span className="cp-visually-hidden" role="status">
        {state === 'copied' ? `${label}: copied` : ''}
      </span>
    </button>
  )
}
