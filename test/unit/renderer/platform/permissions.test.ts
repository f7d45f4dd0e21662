import { describe, expect, it, vi } from 'vitest'
import { createWebPermissions, type MediaNavigator } from '../../../../renderer/src/platform/web-permissions'

const domError = (name: string) => Object.assign(new Error(name), { name })

function fakeNavigator(options: {
  state?: PermissionState
  queryFails?: boolean
  getUserMedia?: () => Promise<MediaStream>
}): MediaNavigator {
  return {
    permissions: {
      query: vi.fn(async () => {
        if (options.queryFails) throw new TypeError("'camera' is not a valid PermissionName")
        return { state: options.state ?? 'prompt' }
      }),
    },
    mediaDevices: options.getUserMedia ? { getUserMedia: options.getUserMedia } : undefined,
  }
}

describe('web permissions', () => {
  it('reads the browser’s state without prompting', async () => {
    const nav = fakeNavigator({ state: 'denied' })
    expect(await createWebPermissions(nav).status('microphone')).toBe('denied')
    expect(nav.permissions!.query).toHaveBeenCalledWith({ name: 'microphone' })
    expect(await createWebPermissions(fakeNavigator({ state: 'granted' })).status('camera')).toBe('granted')
  })

  it('answers prompt where the browser cannot query the permission', async () => {
    expect(await createWebPermissions(fakeNavigator({ queryFails: true })).status('camera')).toBe('prompt')
    expect(await createWebPermissions({}).status('camera')).toBe('prompt')
  })

  it('request asks for that device only and releases it at once', async () => {
    const stop = vi.fn()
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop }] }) as unknown as MediaStream)
    const permissions = createWebPermissions(fakeNavigator({ getUserMedia }))
    expect(await permissions.request('microphone')).toBe('granted')
    expect(getUserMedia).toHaveBeenLastCalledWith({ audio: true })
    expect(await permissions.request('camera')).toBe('granted')
    expect(getUserMedia).toHaveBeenLastCalledWith({ video: true })
    expect(stop).toHaveBeenCalledTimes(2)
  })

  it('turns a refusal into a clear denied', async () => {
    for (const name of ['NotAllowedError', 'SecurityError', 'PermissionDeniedError']) {
      const permissions = createWebPermissions(
        fakeNavigator({ getUserMedia: async () => Promise.reject(domError(name)) }),
      )
      expect(await permissions.request('microphone')).toBe('denied')
    }
    expect(await createWebPermissions(fakeNavigator({})).request('camera')).toBe('denied')
  })

  it('lets device problems through as errors (no camera, camera busy)', async () => {
    const permissions = createWebPermissions(
      fakeNavigator({ getUserMedia: async () => Promise.reject(domError('NotFoundError')) }),
    )
    await expect(permissions.request('camera')).rejects.toMatchObject({ name: 'NotFoundError' })
  })
})
