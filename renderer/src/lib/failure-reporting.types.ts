import type { FailureKind } from '../../../contract/failure-reporting'

/** What a report says about where and how it failed: ids, states and counts, never text a person wrote. */
export type FailureContext = Readonly<Record<string, string | number | boolean | null | undefined>>

/** Where reports go: the console, or the Sentry SDK (failure-reporting.sentry.ts). */
export interface FailureSink {
  capture(kind: FailureKind, error: unknown, context: FailureContext): void
}
