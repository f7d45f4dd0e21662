import { count, eq, gt, isNull } from 'drizzle-orm'
import type { StaffClone, StaffCounts, StaffProvider } from '../../contract/staff'
import type { Config } from '../config'
import type { Db, DbKind } from '../db/client'
import { clones, conversations, documents, messages, users, videoCalls, voiceCalls } from '../db/schema'
import type { Providers } from '../providers'
import type { TextChannel } from '../texting/texts'

/*
 * What the staff toolbar shows (spec 1 §6 'a staff toolbar'; issue #15). Only kinds and names of providers
 * leave here: never a key, token, secret or a URL (an SMTP or database URL may carry a password).
 */

const DAY_MS = 24 * 60 * 60 * 1000
const TEXT_CHANNELS: readonly TextChannel[] = ['sms', 'whatsapp', 'telegram']
const TEXT_PROVIDER_NAMES = { outbox: 'Dev outbox', twilio: 'Twilio', telegram: 'Telegram bot' } as const

/** Which outside services are real and which are the embedded defaults (server/providers.ts). */
export function providerSummary(config: Config, dbKind: DbKind, providers: Providers): StaffProvider[] {
  const llmReal = Boolean(config.LLM_BASE_URL && config.LLM_MODEL)
  const ttsReal = providers.tts.name !== 'espeak-ng'
  const textKinds = TEXT_CHANNELS.map((channel) => providers.texts.kindOf(channel))
  const realTexts = [...new Set(textKinds.filter((kind) => kind !== 'outbox'))]
  return [
    dbKind === 'postgres'
      ? { key: 'database', mode: 'real', name: 'PostgreSQL' }
      : { key: 'database', mode: 'embedded', name: 'PGlite' },
    llmReal
      ? { key: 'llm', mode: 'real', name: `OpenAI-compatible (${config.LLM_MODEL})` }
      : { key: 'llm', mode: 'embedded', name: 'Local answer composer' },
    providers.mailer.kind === 'smtp'
      ? { key: 'mail', mode: 'real', name: 'SMTP' }
      : { key: 'mail', mode: 'embedded', name: 'Dev outbox' },
    providers.payments.kind === 'stripe'
      ? { key: 'payments', mode: 'real', name: 'Stripe' }
      : { key: 'payments', mode: 'embedded', name: 'Local test checkout' },
    ttsReal
      ? {
          key: 'tts',
          mode: 'real',
          name: providers.tts.name === 'elevenlabs' ? 'ElevenLabs' : providers.tts.name,
        }
      : { key: 'tts', mode: 'embedded', name: 'eSpeak NG' },
    providers.voiceCalls.kind === 'local'
      ? { key: 'voice', mode: 'embedded', name: 'Local call' }
      : { key: 'voice', mode: 'real', name: 'Vapi' },
    providers.videoCalls.kind === 'tavus'
      ? { key: 'video', mode: 'real', name: 'Tavus' }
      : { key: 'video', mode: 'embedded', name: 'Local avatar' },
    providers.transcriber
      ? { key: 'transcription', mode: 'real', name: transcriberName(providers.transcriber.name) }
      : { key: 'transcription', mode: 'none', name: 'Browser recognition' },
    realTexts.length > 0
      ? { key: 'texts', mode: 'real', name: realTexts.map((kind) => TEXT_PROVIDER_NAMES[kind]).join(', ') }
      : { key: 'texts', mode: 'embedded', name: 'Dev outbox' },
  ]
}

/** 'openai-compatible:whisper-1' reads 'Whisper API (whisper-1)'; a model name is not a secret. */
const transcriberName = (name: string) =>
  name.startsWith('openai-compatible:') ? `Whisper API (${name.slice('openai-compatible:'.length)})` : name

/** Users and clones in all, conversations and messages of the last 24 hours, calls open now. */
export async function staffCounts(db: Db, now: Date): Promise<StaffCounts> {
  const since = new Date(now.getTime() - DAY_MS)
  const n = (rows: { n: number }[]) => rows[0]?.n ?? 0
  const [u, c, conv, msg, voice, video] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(clones),
    db.select({ n: count() }).from(conversations).where(gt(conversations.createdAt, since)),
    db.select({ n: count() }).from(messages).where(gt(messages.createdAt, since)),
    db.select({ n: count() }).from(voiceCalls).where(isNull(voiceCalls.endedAt)),
    db.select({ n: count() }).from(videoCalls).where(isNull(videoCalls.endedAt)),
  ])
  return {
    users: n(u),
    clones: n(c),
    conversations24h: n(conv),
    messages24h: n(msg),
    voiceCallsOpen: n(voice),
    videoCallsOpen: n(video),
  }
}

/** The clone by slug with its knowledge-base document count, or null when there is none. */
export async function staffClone(db: Db, slug: string): Promise<StaffClone | null> {
  const [clone] = await db
    .select({ id: clones.id, slug: clones.slug, public: clones.public })
    .from(clones)
    .where(eq(clones.slug, slug))
  if (!clone) return null
  const [docs] = await db.select({ n: count() }).from(documents).where(eq(documents.cloneId, clone.id))
  return {
    id: clone.id,
    slug: clone.slug,
    visibility: clone.public ? 'public' : 'private',
    documents: docs?.n ?? 0,
  }
}
