import { describe, expect, it, vi } from 'vitest'
import { createMediaAccess, type SystemMediaPreferences } from '../../main/media-access'
import { createAppOriginCheck } from '../../main/navigation'
import { installPermissionHandlers, type PermissionSession } from '../../main/permissions'

const APP = 'app://renderer'

function setup(platform: NodeJS.Platform, system: SystemMediaPreferences = {}) {
  let onRequest: Parameters<PermissionSession['setPermissionRequestHandler']>[0] | undefined
  let onCheck: Parameters<PermissionSession['setPermissionCheckHandler']>[0] | undefined
  let onDevice: (() => boolean) | undefined
  const session: PermissionSession = {
    setPermissionRequestHandler: (handler) => {
      onRequest = handler
    },
    setPermissionCheckHandler: (handler) => {
      onCheck = handler
    },
    setDevicePermissionHandler: (handler) => {
      onDevice = handler
    },
  }
  const log = { warn: vi.fn() }
  const media = createMediaAccess({ platform, system, log })
  installPermissionHandlers(session, {
    policy: {
      isAppOrigin: createAppOriginCheck().isAppOrigin,
      osAccess: media.osAccess,
      apiAddressSpace: 'loopback',
    },
    askSystem: media.ask,
    log,
  })
  const request = (permission: string, details: Record<string, unknown>) =>
    new Promise<boolean>((resolve) =>
      onRequest!({}, permission, resolve, { isMainFrame: true, requestingUrl: `${APP}/x`, ...details }),
    )
  const check = (permission: string, origin: string, details: Record<string, unknown> = {}) =>
    onCheck!({}, permission, origin, { isMainFrame: true, requestingUrl: `${origin}/x`, ...details })
  return { request, check, log, media, device: () => onDevice?.() }
}

describe('permission handlers', () => {
  it('grants the app microphone and camera on Linux, and denies and logs everything else', async () => {
    const { request, log } = setup('linux')
    expect(await request('media', { securityOrigin: APP, mediaTypes: ['audio'] })).toBe(true)
    expect(await request('media', { securityOrigin: APP, mediaTypes: ['audio', 'video'] })).toBe(true)
    expect(await request('geolocation', {})).toBe(false)
    expect(
      await request('media', {
        securityOrigin: 'https://evil.example',
        requestingUrl: 'https://evil.example/',
        mediaTypes: ['audio'],
      }),
    ).toBe(false)
    expect(log.warn).toHaveBeenCalledTimes(2)
    expect(log.warn.mock.calls[0]?.[0]).toMatch(/geolocation/)
  })

  it('answers checks the same way as requests', () => {
    const { check } = setup('linux')
    expect(check('media', APP, { securityOrigin: APP, mediaType: 'audio' })).toBe(true)
    expect(check('media', APP, { securityOrigin: APP, mediaType: 'video' })).toBe(true)
    expect(check('media', 'https://evil.example', { mediaType: 'audio' })).toBe(false)
    expect(check('notifications', APP)).toBe(false)
    expect(check('loopback-network', APP)).toBe(true)
  })

  it('logs a refused check once per permission and origin', () => {
    const { check, log } = setup('linux')
    for (let i = 0; i < 5; i++) check('clipboard-read', APP)
    expect(log.warn).toHaveBeenCalledTimes(1)
  })

  it('on macOS asks the system before granting an undecided device, and only that one', async () => {
    const status = { microphone: 'not-determined', camera: 'granted' } as const
    const system: SystemMediaPreferences = {
      getMediaAccessStatus: (kind) => status[kind],
      askForMediaAccess: vi.fn(async () => true),
    }
    const { request, check } = setup('darwin', system)
    expect(check('media', APP, { securityOrigin: APP, mediaType: 'audio' })).toBe(false)
    expect(check('media', APP, { securityOrigin: APP, mediaType: 'video' })).toBe(true)
    expect(await request('media', { securityOrigin: APP, mediaTypes: ['audio', 'video'] })).toBe(true)
    expect(system.askForMediaAccess).toHaveBeenCalledTimes(1)
    expect(system.askForMediaAccess).toHaveBeenCalledWith('microphone')
  })

  it('on macOS refuses when the user says no, or when the system already refused', async () => {
    const system: SystemMediaPreferences = {
      getMediaAccessStatus: (kind) => (kind === 'camera' ? 'denied' : 'not-determined'),
      askForMediaAccess: vi.fn(async () => false),
    }
    const { request, log } = setup('darwin', system)
    expect(await request('media', { securityOrigin: APP, mediaTypes: ['audio'] })).toBe(false)
    expect(await request('media', { securityOrigin: APP, mediaTypes: ['video'] })).toBe(false)
    expect(system.askForMediaAccess).toHaveBeenCalledTimes(1)
    expect(log.warn).toHaveBeenCalledTimes(2)
  })

  it('never grants USB, HID or serial devices', () => {
    expect(setup('linux').device()).toBe(false)
  })
})

describe('media access (what the renderer is told)', () => {
  const log = { warn: vi.fn() }
  it('maps the macOS states to granted, denied and prompt', async () => {
    const states = { microphone: 'not-determined', camera: 'restricted' } as const
    const access = createMediaAccess({
      platform: 'darwin',
      system: { getMediaAccessStatus: (k) => states[k], askForMediaAccess: async () => true },
      log,
    })
    expect(access.status('microphone')).toBe('prompt')
    expect(access.status('camera')).toBe('denied')
  })

  it('request() asks on macOS and answers the new state', async () => {
    let mic: 'not-determined' | 'granted' | 'denied' = 'not-determined'
    const access = createMediaAccess({
      platform: 'darwin',
      system: {
        getMediaAccessStatus: () => mic,
        askForMediaAccess: async () => {
          mic = 'denied'
          return false
        },
      },
      log,
    })
    expect(await access.request('microphone')).toBe('denied')
  })

  it('follows the Windows privacy switch and has no gate on Linux', () => {
    const windows = createMediaAccess({
      platform: 'win32',
      system: { getMediaAccessStatus: () => 'denied' },
      log,
    })
    expect(windows.status('camera')).toBe('denied')
    const unset = createMediaAccess({
      platform: 'win32',
      system: { getMediaAccessStatus: () => 'unknown' },
      log,
    })
    expect(unset.status('camera')).toBe('granted')
    const linux = createMediaAccess({ platform: 'linux', system: {}, log })
    expect(linux.status('microphone')).toBe('granted')
  })

  it('treats a failing system prompt as a refusal', async () => {
    const access = createMediaAccess({
      platform: 'darwin',
      system: {
        getMediaAccessStatus: () => 'not-determined',
        askForMediaAccess: async () => {
          throw new Error('no Info.plist usage description')
        },
      },
      log,
    })
    expect(await access.ask('camera')).toBe(false)
  })
})
