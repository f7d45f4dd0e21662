import { OkResponse } from '../../../contract/auth'
import type { TrackedEventRequest, TrackedEventType } from '../../../contract/events'
import { apiRequest } from './client'

/*
 * Tracked events (spec 1 §7 'Tracked events'; issue #15), sent fire-and-forget: never awaited, never shown,
 * failures ignored. navigator.sendBeacon cannot carry the desktop app's bearer token, so this is the API
 * client's fetch with keepalive (the request outlives a click that leaves the page). Type-only contract
 * imports keep the schemas out of the chunks that send. The creator's counts are read in api/embed.ts.
 */

/** CLICK_AFFILIATE_PRODUCT is not sent from here: the server counts it on the product link's redirect. */
export type SentEventType = Exclude<TrackedEventType, 'CLICK_AFFILIATE_PRODUCT'>

export function trackEvent(event: TrackedEventRequest & { type: SentEventType }): void {
  void apiRequest({
    path: '/api/events',
    method: 'POST',
    schema: OkResponse,
    body: event,
    keepalive: true,
  }).catch(() => undefined)
}
