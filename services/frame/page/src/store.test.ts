import 'fake-indexeddb/auto'
import { createStore } from 'idb-keyval'
import { describe, expect, test } from 'vitest'
import { FrameStore, newDeviceId } from './store.js'

let n = 0
const freshStore = () => new FrameStore(createStore(`portico-frame-test-${++n}`, 'state'))

describe('FrameStore', () => {
  test('behavior: the device id is 32 url-safe characters, created once', async () => {
    const store = freshStore()
    const id = await store.deviceId()
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(await store.deviceId()).toBe(id)
    expect(newDeviceId()).not.toBe(id)
  })

  test('behavior: the device share is stored encrypted and read back for its user only', async () => {
    const store = freshStore()
    const share = Uint8Array.from({ length: 17 }, (_, i) => i + 1)
    await store.saveDeviceShare('user-1', share)
    expect(await store.deviceShare('user-1')).toEqual(share)
    expect(await store.deviceShare('user-2')).toBeNull()
  })

  test('behavior: clearAll removes session, share and device id', async () => {
    const store = freshStore()
    const id = await store.deviceId()
    await store.saveDeviceShare('user-1', new Uint8Array([1, 2, 3]))
    await store.saveSession({ userId: 'user-1', email: 'a@b.co', accessToken: 'a', accessTokenExpiresAt: '', refreshToken: 'r', refreshTokenExpiresAt: '', tag: 't' })
    await store.clearAll()
    expect(await store.session()).toBeUndefined()
    expect(await store.deviceShare('user-1')).toBeNull()
    expect(await store.deviceId()).not.toBe(id)
  })
})
