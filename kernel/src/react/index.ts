export { PorticoProvider, type PorticoProviderProps } from './PorticoProvider.js'
export { ConnectButton, type ConnectButtonProps } from './ConnectButton.js'
export { PorticoModalInline, type PorticoModalInlineProps } from './modal/PorticoModalInline.js'
export { ViewError, ViewLoading } from './modal/ViewOutlet.js'
export { themeVariablesToStyle } from './modal/theme.js'
export {
  selectActiveAccount,
  useAccount,
  useConnection,
  useKernel,
  useModal,
  useNetwork,
  usePorticoDispatch,
  usePorticoSelector,
  usePorticoStore,
  useTranslate,
  type Translate,
  type UseAccountReturn,
  type UseConnectionReturn,
  type UseModalReturn,
  type UseNetworkReturn,
} from './hooks.js'
export { KernelContext, PorticoReduxContext } from './context.js'
export { reactMessages, registerReactMessages } from './messages.js'
export * from './ui/index.js'
