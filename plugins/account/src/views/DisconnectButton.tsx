import { useState } from 'react'
import { Button, useKernel, useTranslate } from '@portico/kernel'
import { PowerIcon } from '@portico/kernel/icons'

/**
 * Disconnects the active namespace. The kernel then falls back to another connection or shows Connect; a failure
 * is toasted by the kernel ("Failed to disconnect") and the button becomes usable again.
 */
export function DisconnectButton() {
  const kernel = useKernel()
  const t = useTranslate()
  const [busy, setBusy] = useState(false)
  const disconnect = async () => {
    setBusy(true)
    try {
      await kernel.disconnect()
    } catch {
      // already reported to the visitor by the kernel's toast
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="secondary" size="lg" fullWidth data-testid="account-disconnect" icon={<PowerIcon size={18} />} loading={busy} onClick={disconnect}>
      {t('account.disconnect')}
    </Button>
  )
}
