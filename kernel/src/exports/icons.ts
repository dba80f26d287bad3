/**
 * `@portico/kernel/icons`: the modal's icons, as named exports. A separate entry so that a plugin bundles only the
 * icons it uses (they hold no state, so remotes do not share them with the host) and the kernel's own entry stays
 * about what hosts and plugins need to talk to the kernel.
 */
export * from '../react/ui/icons.js'
