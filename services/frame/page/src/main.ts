// zod's JIT probes `new Function`, which the page's CSP (script-src 'self') refuses: switch it off first.
import '@portico/contracts/zod-config'
import './frame.css'
import './approval.css'
import { FRAME_EVENT_PREFIX } from '@portico/contracts/frame'
import { ApprovalQueue } from './approval.js'
import { AuthClient } from './authClient.js'
import { ChainState } from './chain.js'
import { openChannel, type FrameChannel } from './channel.js'
import { initialChainId, parentOriginOf, readFrameConfig, resolveParent, type ConfigProblem } from './config.js'
import { createHandlers } from './handlers.js'
import { createRouter } from './router.js'
import { SmartAccounts } from './smartAccounts.js'
import { FrameStore } from './store.js'
import { t } from './strings.js'
import { WalletService } from './wallet.js'

/** The protocol version the frame speaks (the app puts `version=4` in the frame URL). */
const PROTOCOL_VERSION = '4'

function showConfigProblem(root: HTMLElement, problem: ConfigProblem): void {
  const box = document.createElement('section')
  box.className = 'config-problem'
  box.dataset.testid = 'frame-invalid-config'
  box.dataset.problem = problem
  box.setAttribute('role', 'alert')
  const title = document.createElement('h1')
  title.textContent = t('invalidConfigTitle')
  const body = document.createElement('p')
  body.textContent =
    problem === 'INVALID_PROJECT' ? t('invalidProjectBody') : problem === 'ORIGINS_UNAVAILABLE' ? t('originsUnavailableBody') : t('invalidConfigBody')
  box.append(title, body)
  root.replaceChildren(box)
  document.body.classList.add('has-problem')
}

function start(): void {
  const root = document.getElementById('portico-frame-root') ?? document.body
  const config = readFrameConfig(document)
  const parent = resolveParent(config, parentOriginOf(window))
  if (!parent.ok) {
    // nothing is posted: an unlisted embedder must not learn anything from this frame
    console.error(`portico frame: not talking to the embedding page (${parent.problem}); allow its origin in the project settings`)
    showConfigProblem(root, parent.problem)
    return
  }

  const store = new FrameStore()
  const auth = new AuthClient({ store, base: config?.apiBase ?? '' })
  const wallet = new WalletService(auth, store)
  const chain = new ChainState(store, { chainId: initialChainId(location.search) })
  const smartAccounts = new SmartAccounts(store, config?.smartAccountChains ?? {})
  let channel: FrameChannel | undefined
  const approvals = new ApprovalQueue({ root, origin: parent.origin, dappName: () => handlers.dappData()?.metadata?.name })
  const handlers = createHandlers({
    auth,
    store,
    wallet,
    chain,
    approvals,
    smartAccounts,
    doc: document,
    send: (event) => channel?.send(event),
    rpc: async (request, account) => {
      const { handleRpc } = await import(/* webpackChunkName: "signer" */ './signer.js')
      return handleRpc(request, {
        chain,
        account,
        approve: (r) => approvals.request(r),
        withEntropy: (userId, operation) => wallet.withEntropy(userId, operation),
      })
    },
    reload: () => location.reload(),
    social: { projectId: config?.projectId ?? '', parentOrigin: parent.origin, origin: location.origin },
  })
  const route = createRouter(handlers, () => channel!)
  // requests wait until the stored chain is back, so GET_CHAIN_ID after RELOAD answers the network in use
  const restored = chain.restore().catch(() => undefined)
  channel = openChannel({
    win: window,
    parent: window.parent,
    parentOrigin: parent.origin,
    onRequest: (event) => void restored.then(() => route(event)),
  })
  channel.send({ type: `${FRAME_EVENT_PREFIX}READY`, payload: { version: PROTOCOL_VERSION } })
}

start()
