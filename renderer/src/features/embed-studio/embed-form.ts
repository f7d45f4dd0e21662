import {
  type EmbedConfig,
  type EmbedConfigInput,
  type EmbedConfigPatch,
  type EmbedLayout,
  MAX_ALLOWED_ORIGINS,
} from '../../../../contract/embed'
import { normaliseOrigin } from '../../../../contract/embed-protocol'
import { isCloneCreator, isCloneTeam } from '../../lib/clone-team'
import { embedsStrings as s } from './embeds.strings'

/*
 * The embed configuration form as plain data: what was typed (strings, so nothing typed is lost on an
 * error), the checks the server makes (contract/embed.ts EmbedConfigInput) with errors a person can act on,
 * and the input or patch it sends.
 */

export const NAME_MAX = 80
export const TEXT_LIMIT_MAX = 10_000
export const VOICE_LIMIT_MAX_SECONDS = 24 * 3600

export interface EmbedDraft {
  name: string
  layout: EmbedLayout
  /** One origin per line. */
  origins: string
  whitelabel: boolean
  /** Messages; empty for none. */
  textLimit: string
  /** Minutes ('3', '1.5') or minutes:seconds ('2:30'); empty for none. */
  voiceLimit: string
}

export type DraftField = 'name' | 'origins' | 'textLimit' | 'voiceLimit'
export type DraftErrors = Partial<Record<DraftField, string>>

export type DraftReading = { ok: true; input: EmbedConfigInput } | { ok: false; errors: DraftErrors }

export const emptyDraft = (): EmbedDraft => ({
  name: '',
  layout: 'bubble',
  origins: '',
  whitelabel: false,
  textLimit: '',
  voiceLimit: '',
})

/** A voice limit as the page shows it: minutes:seconds ('3:00'). */
export const formatVoiceLimit = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

export const draftOf = (config: EmbedConfig): EmbedDraft => ({
  name: config.name,
  layout: config.layout,
  origins: config.allowedOrigins.join('\n'),
  whitelabel: config.whitelabel,
  textLimit: config.textLimit === null ? '' : String(config.textLimit),
  voiceLimit:
    config.voiceLimitSeconds === null
      ? ''
      : config.voiceLimitSeconds % 60 === 0
        ? String(config.voiceLimitSeconds / 60)
        : formatVoiceLimit(config.voiceLimitSeconds),
})

/** Minutes typed as '3', '1.5' or '2:30', in whole seconds; undefined when it reads as neither. */
export function voiceSecondsOf(text: string): number | undefined {
  const value = text.trim()
  const clock = /^(\d{1,4}):([0-5]\d)$/.exec(value)
  if (clock) return Number(clock[1]) * 60 + Number(clock[2])
  if (/^\d{1,4}(\.\d+)?$/.test(value)) return Math.round(Number(value) * 60)
  return undefined
}

function readOrigins(text: string): { origins: string[] } | { error: string } {
  const origins: string[] = []
  const lines = text.split('\n')
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue
    const origin = normaliseOrigin(line)
    if (origin === null) return { error: s.errors.badOrigin(index + 1, line.trim()) }
    if (!origins.includes(origin)) origins.push(origin)
  }
  if (origins.length > MAX_ALLOWED_ORIGINS) return { error: s.errors.tooManyOrigins(MAX_ALLOWED_ORIGINS) }
  return { origins }
}

/** The draft checked as the server will check it: the configuration to send, or an error per field. */
export function readDraft(draft: EmbedDraft): DraftReading {
  const errors: DraftErrors = {}
  const name = draft.name.trim()
  if (!name) errors.name = s.errors.nameRequired
  else if (name.length > NAME_MAX) errors.name = s.errors.nameTooLong(NAME_MAX)

  const origins = readOrigins(draft.origins)
  if ('error' in origins) errors.origins = origins.error

  let textLimit: number | null = null
  if (draft.textLimit.trim()) {
    const value = draft.textLimit.trim()
    textLimit = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN
    if (!(textLimit >= 1 && textLimit <= TEXT_LIMIT_MAX))
      errors.textLimit = s.errors.textLimit(TEXT_LIMIT_MAX)
  }

  let voiceLimitSeconds: number | null = null
  if (draft.voiceLimit.trim()) {
    voiceLimitSeconds = voiceSecondsOf(draft.voiceLimit) ?? Number.NaN
    if (!(voiceLimitSeconds >= 1 && voiceLimitSeconds <= VOICE_LIMIT_MAX_SECONDS))
      errors.voiceLimit = s.errors.voiceLimit(VOICE_LIMIT_MAX_SECONDS / 60)
  }

  if (Object.keys(errors).length > 0 || 'error' in origins) return { ok: false, errors }
  return {
    ok: true,
    input: {
      name,
      layout: draft.layout,
      allowedOrigins: origins.origins,
      whitelabel: draft.whitelabel,
      textLimit,
      voiceLimitSeconds,
    },
  }
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i])

/**
 * Only what changed. A seeded configuration's origins are resolved by the server when it answers
 * (server/embeds/origins.ts): sending them back unchanged would replace what it stores.
 */
export function patchOf(config: EmbedConfig, input: EmbedConfigInput): EmbedConfigPatch {
  const patch: EmbedConfigPatch = {}
  if (input.name !== config.name) patch.name = input.name
  if (input.layout !== config.layout) patch.layout = input.layout
  if (!sameList(input.allowedOrigins, config.allowedOrigins)) patch.allowedOrigins = input.allowedOrigins
  if (input.whitelabel !== config.whitelabel) patch.whitelabel = input.whitelabel
  if (input.textLimit !== config.textLimit) patch.textLimit = input.textLimit
  if (input.voiceLimitSeconds !== config.voiceLimitSeconds) patch.voiceLimitSeconds = input.voiceLimitSeconds
  return patch
}

/** The creator and the contributors see a clone's embeds (the server answers 404 to anyone else). */
export const canSeeEmbeds = isCloneTeam

/** Only the creator changes them. */
export const canEditEmbeds = isCloneCreator
