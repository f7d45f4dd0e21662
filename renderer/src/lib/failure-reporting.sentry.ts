import {
  type BrowserOptions,
  captureException,
  getReplay,
  init,
  replayIntegration,
  withScope,
} from '@sentry/browser'
import {
  dataCollectionFor,
  type FailureKind,
  lookupReplayId,
  type PublicFailureReporting,
  scrubFailureEvent,
} from '../../../contract/failure-reporting'
import type { FailureContext, FailureSink } from './failure-reporting.types'

/*
 * The Sentry browser SDK behind lib/failure-reporting.ts: a lazy chunk, loaded only when the server names a
 * DSN. Every event goes through the shared scrubber (contract/failure-reporting.ts) unless the operator
 * allows personal data; session replay masks all text and inputs and blocks media unless it is allowed too.
 */

/** The SDK's options for these settings (tests add a transport that keeps the envelopes). */
export function sentryOptions(
  settings: PublicFailureReporting,
  extra: Pick<BrowserOptions, 'transport' | 'integrations'> = {},
): BrowserOptions {
  const replay = settings.replaySessionSampleRate > 0 || settings.replayOnErrorSampleRate > 0
  return {
    dsn: settings.dsn ?? undefined,
    environment: settings.environment,
    release: settings.release,
    dataCollection: dataCollectionFor(settings.personalData),
    replaysSessionSampleRate: settings.replaySessionSampleRate,
    replaysOnErrorSampleRate: settings.replayOnErrorSampleRate,
    integrations: (defaults) => [
      ...defaults,
      ...(replay
        ? [
            replayIntegration({
              maskAllText: !settings.personalData,
              maskAllInputs: !settings.personalData,
              blockAllMedia: true,
            }),
          ]
        : []),
    ],
    beforeSend: (event) => scrubFailureEvent(event, settings.personalData),
    beforeBreadcrumb: (crumb) => (settings.personalData || crumb.category !== 'console' ? crumb : null),
    ...extra,
  }
}

export function startSentry(
  settings: PublicFailureReporting,
  extra: Pick<BrowserOptions, 'transport' | 'integrations'> = {},
): FailureSink {
  init(sentryOptions(settings, extra))
  const replay = getReplay()
  return {
    capture(kind: FailureKind, error: unknown, context: FailureContext) {
      const send = (replayId: string | undefined) =>
        withScope((scope) => {
          scope.setTag('failure', kind)
          scope.setContext('failure', { ...context })
          if (replayId) scope.setTag('replayId', replayId)
          captureException(error)
        })
      // spec 1 §7: the session replay's id, looked up again (3 times, 500 ms apart) when not there yet.
      if (!replay) send(undefined)
      else void lookupReplayId(() => replay.getReplayId()).then(send)
    },
  }
}
