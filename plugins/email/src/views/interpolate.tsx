import { Fragment, type ReactNode } from 'react'

/**
 * Puts React nodes where a translated sentence has `{name}` placeholders, so an address can be set apart without
 * cutting the sentence into pieces a translator cannot reorder. Translate with the placeholder kept:
 * `interpolate(t(key, { email: '{email}' }), { email: <Address … /> })`.
 */
export function interpolate(template: string, parts: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{\w+\})/).map((piece, i) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1]
    return <Fragment key={i}>{name && name in parts ? parts[name] : piece}</Fragment>
  })
}
