import { queryOptions } from '@tanstack/react-query'
import { OkResponse } from '../../../contract/auth'
import {
  type CaptureLeadRequest,
  CaptureLeadResponse,
  EmbedConfig,
  type EmbedConfigInput,
  EmbedConfigList,
  type EmbedConfigPatch,
  LeadList,
  PublicEmbedConfig,
} from '../../../contract/embed'
import { TrackedEventCounts } from '../../../contract/events'
import { apiRequest, resolveApiUrl } from './client'

/*
 * Embeds and leads (issue #14). contract/embed.ts stays out of the first load: only lazy chunks (the embed
 * boot, capture, the creator pages) import this module.
 */

const enc = encodeURIComponent

/** GET /api/embed/configs/{id}: what the product inside an iframe needs about its configuration. */
export const fetchPublicEmbedConfig = (configId: string, signal?: AbortSignal) =>
  apiRequest({ path: `/api/embed/configs/${enc(configId)}`, schema: PublicEmbedConfig, signal })

/** POST /api/capture/lead: after capture, the conversation is claimed, the relationship updated, the lead kept. */
export const recordCaptureLead = (body: CaptureLeadRequest) =>
  apiRequest({ path: '/api/capture/lead', method: 'POST', schema: CaptureLeadResponse, body })

// The creator's side (owner of the clone; others get 404).

export const embedConfigsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['embed-configs', slug] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: `/api/studio/${enc(slug)}/embeds`, schema: EmbedConfigList, signal }),
  })

export const createEmbedConfig = (slug: string, body: EmbedConfigInput) =>
  apiRequest({ path: `/api/studio/${enc(slug)}/embeds`, method: 'POST', schema: EmbedConfig, body })

export const updateEmbedConfig = (slug: string, id: string, body: EmbedConfigPatch) =>
  apiRequest({
    path: `/api/studio/${enc(slug)}/embeds/${enc(id)}`,
    method: 'PATCH',
    schema: EmbedConfig,
    body,
  })

export const deleteEmbedConfig = (slug: string, id: string) =>
  apiRequest({ path: `/api/studio/${enc(slug)}/embeds/${enc(id)}`, method: 'DELETE', schema: OkResponse })

export const leadsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['leads', slug] as const,
    queryFn: ({ signal }) => apiRequest({ path: `/api/studio/${enc(slug)}/leads`, schema: LeadList, signal }),
  })

/** GET /api/studio/{slug}/events: the tracked events' counts per type, this month and all time (issue #15). */
export const trackedEventCountsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['tracked-event-counts', slug] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: `/api/studio/${enc(slug)}/events`, schema: TrackedEventCounts, signal }),
  })

/** The CSV download's address (GET, same auth as the list). */
export const leadsCsvUrl = (slug: string) => resolveApiUrl(`/api/studio/${enc(slug)}/leads.csv`)
