import type { Session } from 'electron'
import { describe, expect, it } from 'vitest'
import type { AddressSpace } from '../../main/config'
import { createAppOriginCheck } from '../../main/navigation'
import {
  decidePermissionCheck,
  decidePermissionRequest,
  type MediaKind,
  type OsMediaAccess,
  type PolicyContext,
} from '../../main/permission-policy'

type RequestHandler = NonNullable<Parameters<Session['setPermissionRequestHandler']>[0]>
type ElectronPermission = Parameters<RequestHandler>[1]

/** Every permission name Electron 45 can ask about (the compiler checks the list is complete). */
const ALL_PERMISSIONS = [
  'ar',
  'automatic-fullscreen',
  'background-fetch',
  'background-sync',
  'captured-surface-control',
  'clipboard-read',
  'clipboard-sanitized-write',
  'deprecated-sync-clipboard-read',
  'display-capture',
  'fileSystem',
  'fullscreen',
  'geolocation',
  'geolocation-approximate',
  'hand-tracking',
  'hid',
  'idle-detection',
  'keyboardLock',
  'local-fonts',
  'local-network',
  'local-network-access',
  'loopback-network',
  'media',
  'mediaKeySystem',
  'midi',
  'midiSysex',
  'nfc',
  'notifications',
  'openExternal',
  'payment-handler',
  'periodic-background-sync',
  'persistent-storage',
  'pointerLock',
  'screen-wake-lock',
  'sensors',
  'serial',
  'smart-card',
  'speaker-selection',
  'storage-access',
  'system-wake-lock',
  'top-level-storage-access',
  'usb',
  'vr',
  'web-app-installation',
  'web-printing',
  'window-management',
  'unknown',
] as const satisfies readonly ElectronPermission[]
type Missing = Exclude<ElectronPermission, (typeof ALL_PERMISSIONS)[number]>
const everyPermissionListed: [Missing] extends [never] ? true : Missing = true

const NETWORK = new Set(['local-network-access', 'loopback-network', 'local-network'])
const APP = 'app://renderer'
const FOREIGN_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://evil.example',
  'http://localhost:8787',
  'file://',
  'app://evil',
]

function context(
  access: Partial<Record<MediaKind, OsMediaAccess>> = {},
  apiAddressSpace: AddressSpace = 'loopback',
): PolicyContext {
  return {
    isAppOrigin: createAppOriginCheck().isAppOrigin,
    osAccess: (kind) => access[kind] ?? 'granted',
    apiAddressSpace,
  }
}

const fromApp = (permission: string, mediaTypes?: string[]) => ({
  permission,
  securityOrigin: permission === 'media' ? APP : undefined,
  requestingUrl: `${APP}/lena-hart/call`,
  isMainFrame: true,
  mediaTypes,
})

describe('permission policy: every Electron permission', () => {
  it('lists every permission name Electron knows', () => {
    expect(everyPermissionListed).toBe(true)
  })

  for (const permission of ALL_PERMISSIONS) {
    if (permission === 'media' || NETWORK.has(permission)) continue
    it(`denies '${permission}' even to the app`, () => {
      expect(decidePermissionRequest(fromApp(permission), context())).toMatchObject({ verdict: 'deny' })
      expect(
        decidePermissionCheck(
          { permission, requestingOrigin: APP, requestingUrl: `${APP}/`, isMainFrame: true },
          context(),
        ).allow,
      ).toBe(false)
    })
  }
})

describe('permission policy: media', () => {
  const cases: Array<[string[], Partial<Record<MediaKind, OsMediaAccess>>, string]> = [
    [['audio'], {}, 'allow'],
    [['video'], {}, 'allow'],
    [['audio', 'video'], {}, 'allow'],
    [['audio'], { camera: 'denied' }, 'allow'],
    [['video'], { microphone: 'denied' }, 'allow'],
    [['audio'], { microphone: 'denied' }, 'deny'],
    [['video'], { camera: 'denied' }, 'deny'],
    [['audio', 'video'], { camera: 'denied' }, 'deny'],
    [['audio', 'video'], { microphone: 'denied' }, 'deny'],
    [['audio'], { microphone: 'ask' }, 'ask-os'],
    [['audio', 'video'], { camera: 'ask' }, 'ask-os'],
    [[], {}, 'deny'],
  ]
  for (const [types, access, verdict] of cases) {
    it(`${verdict}s [${types.join(', ')}] from the app when the system says ${JSON.stringify(access)}`, () => {
      expect(decidePermissionRequest(fromApp('media', types), context(access)).verdict).toBe(verdict)
    })
  }

  it('asks the system only for the devices still undecided', () => {
    expect(decidePermissionRequest(fromApp('media', ['audio', 'video']), context({ camera: 'ask' }))).toEqual(
      { verdict: 'ask-os', kinds: ['camera'] },
    )
  })

  it('judges audio and video separately in checks', () => {
    const check = (mediaType: string, access: Partial<Record<MediaKind, OsMediaAccess>>) =>
      decidePermissionCheck(
        {
          permission: 'media',
          requestingOrigin: APP,
          requestingUrl: `${APP}/x`,
          isMainFrame: true,
          mediaType,
        },
        context(access),
      ).allow
    expect(check('audio', { camera: 'denied' })).toBe(true)
    expect(check('video', { camera: 'denied' })).toBe(false)
    expect(check('video', { microphone: 'denied' })).toBe(true)
    expect(check('audio', { microphone: 'denied' })).toBe(false)
    // Undecided devices check false, so Chromium makes a request, which asks the system.
    expect(check('audio', { microphone: 'ask' })).toBe(false)
    expect(check('unknown', {})).toBe(false)
  })

  for (const origin of FOREIGN_ORIGINS) {
    it(`denies media to ${origin}, in requests and checks`, () => {
      const request = decidePermissionRequest(
        {
          permission: 'media',
          securityOrigin: origin,
          requestingUrl: `${origin}/x`,
          isMainFrame: true,
          mediaTypes: ['audio'],
        },
        context(),
      )
      expect(request).toMatchObject({ verdict: 'deny', reason: expect.stringMatching(/not the app/) })
      for (const mediaType of ['audio', 'video']) {
        expect(
          decidePermissionCheck(
            {
              permission: 'media',
              requestingOrigin: origin,
              requestingUrl: `${origin}/x`,
              isMainFrame: true,
              mediaType,
            },
            context(),
          ).allow,
        ).toBe(false)
      }
    })
  }

  it('denies a sub-frame of the app and a foreign frame claiming the app origin', () => {
    expect(
      decidePermissionRequest({ ...fromApp('media', ['audio']), isMainFrame: false }, context()).verdict,
    ).toBe('deny')
    expect(
      decidePermissionRequest(
        { ...fromApp('media', ['audio']), requestingUrl: 'https://www.youtube.com/embed/x' },
        context(),
      ).verdict,
    ).toBe('deny')
  })

  it('accepts the dev server as the app only when it is the configured one', () => {
    const dev = createAppOriginCheck('http://localhost:5173/')
    const ctx = { ...context(), isAppOrigin: dev.isAppOrigin }
    const facts = {
      permission: 'media',
      securityOrigin: 'http://localhost:5173',
      requestingUrl: 'http://localhost:5173/x',
      isMainFrame: true,
      mediaTypes: ['audio'],
    }
    expect(decidePermissionRequest(facts, ctx).verdict).toBe('allow')
    expect(decidePermissionRequest(facts, context()).verdict).toBe('deny')
  })
})

describe('permission policy: reaching the configured API', () => {
  const table: Array<[string, AddressSpace, boolean]> = [
    ['loopback-network', 'loopback', true],
    ['local-network-access', 'loopback', true],
    ['local-network', 'loopback', false],
    ['local-network', 'local', true],
    ['local-network-access', 'local', true],
    ['loopback-network', 'local', false],
    ['loopback-network', 'public', false],
    ['local-network', 'public', false],
    ['local-network-access', 'public', false],
  ]
  for (const [permission, space, allowed] of table) {
    it(`${allowed ? 'allows' : 'denies'} '${permission}' to the app for an API in the ${space} space`, () => {
      expect(decidePermissionRequest(fromApp(permission), context({}, space)).verdict).toBe(
        allowed ? 'allow' : 'deny',
      )
      expect(
        decidePermissionCheck(
          { permission, requestingOrigin: APP, requestingUrl: `${APP}/`, isMainFrame: true },
          context({}, space),
        ).allow,
      ).toBe(allowed)
    })
  }

  it('never allows them to another origin', () => {
    for (const origin of FOREIGN_ORIGINS) {
      expect(
        decidePermissionRequest(
          { permission: 'loopback-network', requestingUrl: `${origin}/`, isMainFrame: true },
          context(),
        ).verdict,
      ).toBe('deny')
    }
  })
})
