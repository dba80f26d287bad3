export { PorticoProvider, type PorticoProviderProps } from './PorticoProvider.js'
export { ConnectButton, type ConnectButtonProps } from './ConnectButton.js'
export { PorticoModalInline, type PorticoModalInlineProps } from './modal/PorticoModalInline.js'
export {
  useAccount,
  useConnection,
  useExtension,
  useKernel,
  useLocale,
  useModal,
  useNetwork,
  usePorticoDispatch,
  usePorticoSelector,
  useTranslate,
  type Translate,
  type UseAccountReturn,
  type UseConnectionReturn,
  type UseModalReturn,
  type UseNetworkReturn,
} from './hooks.js'
export * from './ui/index.js'
