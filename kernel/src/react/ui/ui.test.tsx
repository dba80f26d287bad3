import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from './Button.js'
import { EmptyState } from './EmptyState.js'
import { List } from './List.js'
import { ListItem } from './ListItem.js'
import { TabPanel, Tabs } from './Tabs.js'
import { Avatar, monogramInitials, WalletImage } from './WalletImage.js'

describe('WalletImage', () => {
  it('behavior: an image that fails to load is replaced by a monogram, never a broken image', () => {
    const { container } = render(<WalletImage src="https://cdn.example/metamask.png" name="MetaMask" />)
    const img = screen.getByRole('img', { name: 'MetaMask' })
    expect(img.tagName).toBe('IMG')
    fireEvent.error(img)
    expect(container.querySelector('img')).toBeNull()
    const monogram = screen.getByRole('img', { name: 'MetaMask' })
    expect(monogram.hasAttribute('data-monogram')).toBe(true)
    expect(monogram.textContent).toBe('ME')
  })

  it('behavior: a missing source shows the monogram; a new source is tried again', () => {
    const { container, rerender } = render(<WalletImage name="Coinbase Wallet" />)
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByRole('img', { name: 'Coinbase Wallet' }).textContent).toBe('CW')
    rerender(<WalletImage name="Coinbase Wallet" src="https://cdn.example/cb.png" />)
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/cb.png')
  })

  it('behavior: initials come from words, or the first two characters, ignoring a 0x prefix', () => {
    expect(monogramInitials('Trust Wallet')).toBe('TW')
    expect(monogramInitials('rainbow')).toBe('RA')
    expect(monogramInitials('0xabcdef')).toBe('AB')
    expect(monogramInitials('   ')).toBe('?')
  })

  it('behavior: the generated avatar is the same for an address and differs between addresses', () => {
    const { rerender } = render(<Avatar address="0xAbC0000000000000000000000000000000000001" />)
    const first = screen.getByRole('img').style.background
    rerender(<Avatar address="0xabc0000000000000000000000000000000000001" />)
    expect(screen.getByRole('img').style.background).toBe(first)
    rerender(<Avatar address="0x9990000000000000000000000000000000000002" />)
    expect(screen.getByRole('img').style.background).not.toBe(first)
  })
})

describe('ListItem and List', () => {
  it('behavior: a list item is a button with its name, tag and a monogram when it has no image', () => {
    const onClick = vi.fn()
    render(<ListItem data-testid="connector-x" name="Browser Wallet" tag="installed" onClick={onClick} />)
    const item = screen.getByTestId('connector-x')
    expect(item.tagName).toBe('BUTTON')
    expect(item.textContent).toContain('Browser Wallet')
    expect(item.textContent).toContain('installed')
    fireEvent.click(item)
    expect(onClick).toHaveBeenCalledOnce()
  })

  it('a11y: the image beside the name is decorative, so the row reads its name once', () => {
    render(
      <>
        <ListItem data-testid="with-image" name="MetaMask" imageUrl="https://example.com/mm.png" />
        <ListItem data-testid="with-monogram" name="Rabby" />
      </>,
    )
    expect(screen.getByRole('button', { name: 'MetaMask' })).toBe(screen.getByTestId('with-image'))
    expect(screen.getByRole('button', { name: 'Rabby' })).toBe(screen.getByTestId('with-monogram'))
    expect(screen.queryAllByRole('img')).toHaveLength(0)
  })

  it('behavior: arrow keys, Home and End move focus between items, skipping disabled ones', () => {
    render(
      <List label="Wallets">
        <ListItem name="One" />
        <ListItem name="Two" disabled />
        <ListItem name="Three" />
        <ListItem name="Four" />
      </List>,
    )
    const [one, , three, four] = screen.getAllByRole('button')
    one!.focus()
    fireEvent.keyDown(one!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(three)
    fireEvent.keyDown(three!, { key: 'End' })
    expect(document.activeElement).toBe(four)
    fireEvent.keyDown(four!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(four)
    fireEvent.keyDown(four!, { key: 'Home' })
    expect(document.activeElement).toBe(one)
  })
})

describe('Tabs', () => {
  function Harness() {
    const [tab, setTab] = useState('tokens')
    const tabs = [
      { id: 'tokens', label: 'Tokens' },
      { id: 'nfts', label: 'NFTs' },
      { id: 'activity', label: 'Activity' },
    ]
    return (
      <>
        <Tabs idPrefix="t" label="Assets" tabs={tabs} selected={tab} onSelect={setTab} />
        <TabPanel idPrefix="t" id={tab}>
          panel {tab}
        </TabPanel>
      </>
    )
  }

  it('a11y: tabs only reference panels that are rendered', () => {
    render(<Harness />)
    for (const tab of screen.getAllByRole('tab')) {
      const controls = tab.getAttribute('aria-controls')
      if (controls !== null) expect(document.getElementById(controls)).not.toBeNull()
    }
    fireEvent.click(screen.getByRole('tab', { name: 'NFTs' }))
    expect(screen.getByRole('tab', { name: 'NFTs' }).getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id)
    for (const tab of screen.getAllByRole('tab')) {
      const controls = tab.getAttribute('aria-controls')
      if (controls !== null) expect(document.getElementById(controls)).not.toBeNull()
    }
  })

  it('behavior: tabs select on click and with arrow keys (wrapping), panels are labelled by their tab', () => {
    render(<Harness />)
    const tokens = screen.getByRole('tab', { name: 'Tokens' })
    expect(tokens.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel', { name: 'Tokens' }).textContent).toBe('panel tokens')
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }))
    expect(screen.getByRole('tabpanel').textContent).toBe('panel activity')
    const activity = screen.getByRole('tab', { name: 'Activity' })
    fireEvent.keyDown(activity, { key: 'ArrowRight' })
    expect(screen.getByRole('tab', { name: 'Tokens' }).getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Tokens' }))
    expect(screen.getByRole('tab', { name: 'Tokens' }).tabIndex).toBe(0)
    expect(screen.getByRole('tab', { name: 'NFTs' }).tabIndex).toBe(-1)
  })
})

describe('Button and EmptyState', () => {
  it('behavior: a loading button is busy and disabled', () => {
    const onClick = vi.fn()
    render(
      <Button loading onClick={onClick}>
        Disconnect
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Disconnect' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect((button as HTMLButtonElement).disabled).toBe(true)
  })

  it('behavior: the empty state says why and offers the action', () => {
    render(<EmptyState data-testid="empty" title="No tokens yet" description="Buy or receive tokens." action={<Button>Receive</Button>} />)
    const empty = screen.getByTestId('empty')
    expect(empty.textContent).toContain('No tokens yet')
    expect(empty.textContent).toContain('Buy or receive tokens.')
    expect(screen.getByRole('button', { name: 'Receive' })).toBeTruthy()
  })
})
