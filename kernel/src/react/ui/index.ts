export { Button, IconButton, TileButton, TileRow, type ButtonProps, type IconButtonProps, type TileButtonProps } from './Button.js'
export { Divider } from './Divider.js'
export { EmptyState, type EmptyStateProps } from './EmptyState.js'
export { Lazy, type LazyProps } from './Lazy.js'
export { List, onListKeyDown, type ListProps } from './List.js'
export { ListItem, type ListItemProps } from './ListItem.js'
export { SkeletonList, type SkeletonListProps } from './SkeletonList.js'
export { Spinner, type SpinnerProps } from './Spinner.js'
export { SectionLabel, Stack, type StackProps } from './Stack.js'
export { TabPanel, Tabs, tabPanelId, type TabDescriptor, type TabsProps } from './Tabs.js'
export { Text, type TextProps } from './Text.js'
export {
  Avatar,
  Monogram,
  monogramInitials,
  WalletImage,
  type AvatarProps,
  type MonogramProps,
  type WalletImageProps,
} from './WalletImage.js'
export * from './icons.js'
export { cx } from './classNames.js'
