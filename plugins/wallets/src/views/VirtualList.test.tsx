import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { VirtualList } from './VirtualList.js'

const items = Array.from({ length: 5000 }, (_, i) => ({ id: `w${i}`, name: `Wallet ${i}` }))

function renderList(props: Partial<Parameters<typeof VirtualList<(typeof items)[number]>>[0]> = {}) {
  return render(
    <VirtualList
      data-testid="list"
      label="Wallets"
      items={items}
      rowHeight={64}
      maxHeight={448}
      overscan={4}
      getKey={(w) => w.id}
      renderRow={(w) => <button data-list-item="">{w.name}</button>}
      {...props}
    />,
  )
}

const rendered = () => Array.from(screen.getByTestId('list').querySelectorAll('[role="listitem"]'))
const scrollTo = (top: number) => {
  const list = screen.getByTestId('list')
  list.scrollTop = top
  fireEvent.scroll(list)
}

describe('VirtualList', () => {
  it('behavior: with 5,000 entries only a window of rows is in the DOM, sized for the whole list', () => {
    renderList()
    const rows = rendered()
    // 448 px of 64 px rows is 7 visible, plus 4 of overscan below (none above at the top)
    expect(rows).toHaveLength(11)
    expect(rows[0]!.textContent).toBe('Wallet 0')
    expect(rows[0]!.getAttribute('aria-setsize')).toBe('5000')
    expect(rows[0]!.getAttribute('aria-posinset')).toBe('1')
    const spacer = screen.getByTestId('list').firstElementChild as HTMLElement
    expect(spacer.style.height).toBe(`${5000 * 64}px`)
  })

  it('behavior: scrolling moves the window; the DOM never holds more than the window', () => {
    renderList()
    scrollTo(2500 * 64)
    const rows = rendered()
    expect(rows.length).toBeLessThanOrEqual(4 + 7 + 4)
    expect(rows.map((r) => r.textContent)).toContain('Wallet 2500')
    expect(rows.map((r) => r.textContent)).not.toContain('Wallet 0')
    const first = rows[0] as HTMLElement
    expect(first.textContent).toBe('Wallet 2496')
    expect(first.style.top).toBe(`${2496 * 64}px`)

    scrollTo(4999 * 64)
    const last = rendered()
    expect(last.at(-1)!.textContent).toBe('Wallet 4999')
    expect(last.length).toBeLessThanOrEqual(4 + 7 + 4)
  })

  it('behavior: reports the rendered range and asks for more near the end', () => {
    const onRangeChange = vi.fn()
    const onEndReached = vi.fn()
    renderList({ onRangeChange, onEndReached, endThreshold: 10 })
    expect(onRangeChange).toHaveBeenLastCalledWith(0, 11)
    expect(onEndReached).not.toHaveBeenCalled()
    scrollTo(4980 * 64)
    expect(onRangeChange).toHaveBeenLastCalledWith(4976, 4991)
    expect(onEndReached).toHaveBeenCalledTimes(1)
    // the furthest a browser scrolls: the last 7 rows in view
    scrollTo(4993 * 64)
    expect(onRangeChange).toHaveBeenLastCalledWith(4989, 5000)
    expect(onEndReached).toHaveBeenCalledTimes(2)
  })

  it('behavior: arrow keys move focus between rendered rows', () => {
    renderList()
    const [first, second] = rendered().map((r) => r.querySelector('button')!)
    first!.focus()
    fireEvent.keyDown(first!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(second)
  })
})
