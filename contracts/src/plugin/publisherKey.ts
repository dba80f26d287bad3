import '../zodConfig.js'
import * as z from 'zod/mini'

// its own module: the kernel's options check a pinned key on page load, without the manifest schemas (those load
// with the plugin loader, on the first open)

/**
 * An ed25519 public key as a publisher shares it and a host pins it (the value `portico-plugin keygen` prints): its
 * 32 raw bytes, base64url without padding.
 */
export const PublisherKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Expected an ed25519 public key: 32 bytes, base64url.'))
