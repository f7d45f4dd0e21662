import {
  decidePermissionCheck,
  decidePermissionRequest,
  type MediaKind,
  type PolicyContext,
} from './permission-policy'

/** The slice of an Electron Session the permission handlers use (injected for tests). */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: {
        isMainFrame: boolean
        requestingUrl: string
        securityOrigin?: string
        mediaTypes?: Array<'video' | 'audio'>
      },
    ) => void,
  ): void
  setPermissionCheckHandler(
    handler: (
      webContents: unknown,
      permission: string,
      requestingOrigin: string,
      details: { isMainFrame: boolean; requestingUrl?: string; securityOrigin?: string; mediaType?: string },
    ) => boolean,
  ): void
  setDevicePermissionHandler?(handler: () => boolean): void
}

/**
 * Installs the policy on a session: requests and checks decided by the same pure policy, denials logged
 * (checks once per permission and origin: Chromium repeats them often), the system asked before a device
 * is first granted on macOS. USB, HID and serial devices are never granted.
 */
export function installPermissionHandlers(
  session: PermissionSession,
  deps: {
    policy: PolicyContext
    askSystem(kind: MediaKind): Promise<boolean>
    log: { warn(message: string): void }
  },
) {
  const { policy, askSystem, log } = deps

  session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
    const decision = decidePermissionRequest(
      {
        permission,
        securityOrigin: details.securityOrigin,
        requestingUrl: details.requestingUrl,
        isMainFrame: details.isMainFrame,
        mediaTypes: details.mediaTypes,
      },
      policy,
    )
    if (decision.verdict === 'allow') return callback(true)
    if (decision.verdict === 'deny') {
      log.warn(
        `Denied permission '${permission}' for ${details.requestingUrl || '(unknown)'}: ${decision.reason}`,
      )
      return callback(false)
    }
    void Promise.all(decision.kinds.map((kind) => askSystem(kind))).then(
      (answers) => {
        const granted = answers.every(Boolean)
        if (!granted) log.warn(`Denied permission '${permission}': the system or the user refused it`)
        callback(granted)
      },
      () => callback(false),
    )
  })

  const loggedChecks = new Set<string>()
  session.setPermissionCheckHandler((_webContents, permission, requestingOrigin, details) => {
    const { allow, reason } = decidePermissionCheck(
      {
        permission,
        requestingOrigin,
        securityOrigin: details.securityOrigin,
        requestingUrl: details.requestingUrl,
        isMainFrame: details.isMainFrame,
        mediaType: details.mediaType,
      },
      policy,
    )
    const seen = `${permission} ${requestingOrigin}`
    if (!allow && !loggedChecks.has(seen)) {
      loggedChecks.add(seen)
      log.warn(
        `Permission check '${permission}' for ${requestingOrigin || '(unknown)'} answered no: ${reason}`,
      )
    }
    return allow
  })

  session.setDevicePermissionHandler?.(() => false)
}
