/**
 * The version of this kernel (kernel/package.json's `version`). A remote plugin's manifest entry names the kernel
 * range it was built against; the kernel refuses a remote whose range does not accept this version.
 */
export const KERNEL_VERSION = '0.1.0'
