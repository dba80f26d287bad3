/** True for a Uint8Array from any realm (an iframe's or jsdom's is not `instanceof` this one's). */
export function isBytes(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array || (ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === '[object Uint8Array]')
}
