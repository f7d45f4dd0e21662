import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import { OkResponse } from '../../contract/auth'
import { FaceMarksUpdate } from '../../contract/face-marks'
import { findLanguage, languageNotSupported } from '../../contract/languages'
import {
  CloneSettings,
  CreateCloneRequest,
  CreatedClone,
  DeleteCloneRequest,
  SlugAvailability,
  StudioCloneList,
  StudioVoices,
  UpdateCloneSettings,
  VoicePreviewRequest,
} from '../../contract/studio-clones'
import { CloneVoiceSettings } from '../../contract/voice-settings'
import { requireUser } from '../auth/identity'
import { UNSUPPORTED_VOICE_PROVIDER } from '../calls/vapi/assistant'
import { isSupportedProvider, voiceSettingsOf } from '../calls/voice-settings'
import type { Db } from '../db/client'
import { clones } from '../db/schema'
import { requireCloneTeam } from '../embeds/access'
import { AppError, badRequest } from '../errors'
import { deleteClone, settingsOf, updateSettings } from '../studio/clone-settings'
import { createClone, listStudioClones, slugAvailability } from '../studio/clones'
import { checkVoice, previewSentence, voicesOf } from '../studio/voices'
import { SpeechUnavailableError, type TextToSpeech } from '../tts/provider'
import { clampSpokenText, speakableText } from '../tts/speakable-text'

const errors = {
  400: ApiErrorBody,
  401: ApiErrorBody,
  404: ApiErrorBody,
  409: ApiErrorBody,
  429: ApiErrorBody,
}
const SlugParams = z.object({ slug: z.string().min(1).max(100) })
const SlugQuery = z.object({ slug: z.string().max(100) })

/**
 * The creator's own clones (issue #16 'Create a clone'): the studio home's list, the slug check, creating a
 * clone, its settings (CREATOR writes, CONTRIBUTOR reads, anyone else 404), deleting it, and the voices a
 * creator can choose with a spoken preview.
 */
export const studioCloneRoutes: FastifyPluginAsyncZod<{ db: Db; tts: TextToSpeech }> = async (
  app,
  { db, tts },
) => {
  app.get(
    '/api/studio/clones',
    { schema: { response: { 200: StudioCloneList, ...errors } } },
    async (request) => {
      const user = requireUser(request)
      return { clones: await listStudioClones(db, user.id) }
    },
  )

  app.get(
    '/api/studio/slug-availability',
    { schema: { querystring: SlugQuery, response: { 200: SlugAvailability, ...errors } } },
    async (request) => {
      requireUser(request)
      return slugAvailability(db, request.query.slug)
    },
  )

  app.post(
    '/api/studio/clones',
    { schema: { body: CreateCloneRequest, response: { 201: CreatedClone, ...errors } } },
    async (request, reply) => {
      const user = requireUser(request)
      const created = await createClone(db, user.id, request.body)
      return reply.code(201).send({ slug: created.slug })
    },
  )

  app.get(
    '/api/studio/:slug/settings',
    { schema: { params: SlugParams, response: { 200: CloneSettings, ...errors } } },
    async (request) => {
      const { clone, role } = await requireCloneTeam(db, request, request.params.slug, 'read')
      return settingsOf(clone, role)
    },
  )

  app.patch(
    '/api/studio/:slug/settings',
    {
      schema: { params: SlugParams, body: UpdateCloneSettings, response: { 200: CloneSettings, ...errors } },
    },
    async (request) => {
      const { user, clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      const check = (voiceId: string, language: string) => checkVoice(tts, voiceId, language)
      return settingsOf(await updateSettings(db, user.id, clone, request.body, check), 'CREATOR')
    },
  )

  // Issue #26 part 2: the clone's voice settings (provider, voice, tuning, pronunciations, first messages).
  app.get(
    '/api/studio/:slug/voice-settings',
    { schema: { params: SlugParams, response: { 200: CloneVoiceSettings, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'read')
      return voiceSettingsOf(clone)
    },
  )

  app.put(
    '/api/studio/:slug/voice-settings',
    {
      schema: {
        params: SlugParams,
        body: CloneVoiceSettings,
        response: { 200: CloneVoiceSettings, ...errors },
      },
    },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      const settings = request.body
      // Saved settings must be callable: the call start refuses the same way (spec 2 §5).
      if (!isSupportedProvider(settings.provider)) throw badRequest(UNSUPPORTED_VOICE_PROVIDER)
      const unknown = Object.keys(settings.firstMessages).find((code) => !findLanguage(code))
      if (unknown) throw badRequest(`firstMessages: ${languageNotSupported(unknown)}`)
      const firstMessages = Object.fromEntries(
        Object.entries(settings.firstMessages).filter(([, text]) => text.trim() !== ''),
      )
      const saved = { ...settings, firstMessages }
      await db.update(clones).set({ voiceSettings: saved }).where(eq(clones.id, clone.id))
      return saved
    },
  )

  // Eyes and mouth on the portrait for the local avatar (issue #26 part 1): the creator marks them, or clears.
  app.put(
    '/api/studio/:slug/face-marks',
    { schema: { params: SlugParams, body: FaceMarksUpdate, response: { 200: FaceMarksUpdate, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      if (request.body.faceMarks && !clone.imageUrl) throw badRequest('faceMarks: Choose a portrait first.')
      const { faceMarks } = request.body
      await db.update(clones).set({ faceMarks, updatedAt: new Date() }).where(eq(clones.id, clone.id))
      return { faceMarks }
    },
  )

  app.delete(
    '/api/studio/:slug',
    { schema: { params: SlugParams, body: DeleteCloneRequest, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      const { clone } = await requireCloneTeam(db, request, request.params.slug, 'write')
      await deleteClone(db, clone, request.body.confirmSlug)
      return { ok: true as const }
    },
  )

  app.get(
    '/api/studio/voices',
    { schema: { response: { 200: StudioVoices, ...errors } } },
    async (request) => {
      requireUser(request)
      return voicesOf(tts)
    },
  )

  app.post(
    '/api/studio/voice-preview',
    // The answer is audio, not JSON: only the body is schema-checked.
    { schema: { body: VoicePreviewRequest } },
    async (request, reply) => {
      requireUser(request)
      const { language, pronunciations, speed, stability } = request.body
      const voiceId = request.body.voiceId || null
      const text = request.body.text
        ? clampSpokenText(speakableText(request.body.text))
        : previewSentence(language)
      if (!text) throw badRequest('text: There is nothing to say')
      if (voiceId) {
        const problem = checkVoice(tts, voiceId, language)
        if (problem) throw badRequest(`voiceId: ${problem}`)
      } else if (voicesOf(tts).provider === 'elevenlabs') {
        throw badRequest('voiceId: Type an ElevenLabs voice id to hear it.')
      }
      const abort = new AbortController()
      request.raw.once('close', () => abort.abort())
      try {
        const speech = await tts.synthesize(
          { text, voiceId: voiceId ?? '', language, pronunciations, speed, stability },
          abort.signal,
        )
        return reply
          .header('content-type', speech.contentType)
          .header('cache-control', 'private, max-age=3600')
          .send(speech.audio)
      } catch (error) {
        if (error instanceof SpeechUnavailableError) {
          request.log.error({ err: error }, 'voice preview unavailable')
          throw new AppError(503, 'unavailable', 'The voice preview is not available right now')
        }
        throw error
      }
    },
  )
}
