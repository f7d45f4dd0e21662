import { queryOptions } from '@tanstack/react-query'
import { ApiErrorBody } from '../../../contract'
import { OkResponse } from '../../../contract/auth'
import { type FaceMarks, FaceMarksUpdate } from '../../../contract/face-marks'
import {
  CloneSettings,
  type CreateCloneRequest,
  CreatedClone,
  SlugAvailability,
  StudioCloneList,
  StudioVoices,
  type UpdateCloneSettings,
} from '../../../contract/studio-clones'
import { CloneVoiceSettings, type Pronunciation } from '../../../contract/voice-settings'
import { getPlatform } from '../platform'
import { ApiError, apiRequest, authRequestInit, ClientErrorCode, resolveApiUrl } from './client'

/*
 * The creator's clones (issue #16 'Create a clone'): the studio home, the create form and the settings page.
 * contract/studio-clones.ts stays out of the first load: only the studio chunk imports this module.
 */

const enc = encodeURIComponent

export const studioClonesQuery = () =>
  queryOptions({
    queryKey: ['studio-clones'] as const,
    queryFn: ({ signal }) => apiRequest({ path: '/api/studio/clones', schema: StudioCloneList, signal }),
  })

export const slugAvailability = (slug: string, signal?: AbortSignal) =>
  apiRequest({ path: `/api/studio/slug-availability?slug=${enc(slug)}`, schema: SlugAvailability, signal })

export const createClone = (body: CreateCloneRequest) =>
  apiRequest({ path: '/api/studio/clones', method: 'POST', schema: CreatedClone, body })

export const cloneSettingsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['studio-clone-settings', slug] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: `/api/studio/${enc(slug)}/settings`, schema: CloneSettings, signal }),
  })

export const updateCloneSettings = (slug: string, body: UpdateCloneSettings) =>
  apiRequest({ path: `/api/studio/${enc(slug)}/settings`, method: 'PATCH', schema: CloneSettings, body })

/** DELETE /api/studio/{slug}, confirmed by the address typed again. */
export const deleteClone = (slug: string, confirmSlug: string) =>
  apiRequest({
    path: `/api/studio/${enc(slug)}`,
    method: 'DELETE',
    schema: OkResponse,
    body: { confirmSlug },
  })

export const studioVoicesQuery = () =>
  queryOptions({
    queryKey: ['studio-voices'] as const,
    queryFn: ({ signal }) => apiRequest({ path: '/api/studio/voices', schema: StudioVoices, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** PUT /api/studio/{slug}/face-marks: the eyes and mouth on the portrait for the video avatar, or null. */
export const saveFaceMarks = (slug: string, faceMarks: FaceMarks | null) =>
  apiRequest({
    path: `/api/studio/${enc(slug)}/face-marks`,
    method: 'PUT',
    schema: FaceMarksUpdate,
    body: { faceMarks },
  })

/** The clone's call voice (issue #26): the team reads it, the creator saves it. */
export const voiceSettingsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['studio-voice-settings', slug] as const,
    queryFn: ({ signal }) =>
      apiRequest({ path: `/api/studio/${enc(slug)}/voice-settings`, schema: CloneVoiceSettings, signal }),
  })

export const saveVoiceSettings = (slug: string, body: CloneVoiceSettings) =>
  apiRequest({
    path: `/api/studio/${enc(slug)}/voice-settings`,
    method: 'PUT',
    schema: CloneVoiceSettings,
    body,
  })

/**
 * POST /api/studio/voice-preview: a short sample sentence in that voice, as audio, or the creator's own
 * words said with the pronunciations being edited.
 */
export async function fetchVoicePreview(
  body: {
    language: string
    voiceId: string | null
    text?: string
    pronunciations?: readonly Pronunciation[]
    speed?: number | null
    stability?: number | null
  },
  signal?: AbortSignal,
): Promise<Blob> {
  const auth = await authRequestInit()
  let response: Response
  try {
    response = await fetch(resolveApiUrl('/api/studio/voice-preview', getPlatform().apiBaseUrl), {
      method: 'POST',
      credentials: auth.credentials,
      headers: { ...auth.headers, Accept: 'audio/*', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    })
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new ApiError(0, ClientErrorCode.network, 'Could not reach the server. Check your connection.', {
      cause,
    })
  }
  if (response.ok) return response.blob()
  const parsed = ApiErrorBody.safeParse(await response.json().catch(() => null))
  throw parsed.success
    ? new ApiError(response.status, parsed.data.error.code, parsed.data.error.message)
    : new ApiError(response.status, ClientErrorCode.invalidResponse, `Preview failed (${response.status})`)
}
