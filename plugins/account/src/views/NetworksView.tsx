import { useKernel } from '@portico/kernel'
import { NetworkList } from './NetworkList.js'

/** The Networks view: pick the network to switch to; after a switch it goes back. */
export default function NetworksView() {
  const kernel = useKernel()
  return (
    <div data-testid="view-Networks">
      <NetworkList
        onSwitched={() => {
          if (kernel.router.current()?.view === 'Networks') kernel.router.goBack()
        }}
      />
    </div>
  )
}
