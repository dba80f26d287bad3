/** Base64 of a byte array without touching `btoa` on huge inputs. */
function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** The subresource-integrity string (`sha384-…`) of some bytes, with WebCrypto. */
export async function sha384Integrity(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  // copy into this realm's buffer: WebCrypto rejects views made by another realm (iframes, test DOMs)
  const source = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  const data = new Uint8Array(source.byteLength)
  data.set(source)
  const digest = await crypto.subtle.digest('SHA-384', data)
  return `sha384-${toBase64(new Uint8Array(digest))}`
}
