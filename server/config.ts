import path from 'node:path'
import { z } from 'zod'

const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined)),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim().replace(/\/+$/, '') : undefined)),
  WEB_DIST: z.string().min(1).default('dist/web'),
  LOG_LEVEL: LogLevel.optional(),
  BRAIN_TOKEN_DELAY_MS: z.coerce.number().min(0).max(1000).default(18),
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  ELEVENLABS_API_KEY: z.string().optional(),
  ELEVENLABS_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
})

export type LogLevel = z.infer<typeof LogLevel>

export interface Config {
  readonly PORT: number
  readonly HOST: string
  /** Absolute path of the folder holding local state (the embedded database lives in DATA_DIR/pglite). */
  readonly DATA_DIR: string
  /** When set, PostgreSQL is used instead of the embedded PGlite. */
  readonly DATABASE_URL: string | undefined
  readonly NODE_ENV: 'development' | 'production' | 'test'
  /** The public origin, without a trailing slash. */
  readonly PUBLIC_URL: string
  /** Absolute path of the built web app. */
  readonly WEB_DIST: string
  readonly LOG_LEVEL: LogLevel
  /** Mean pause between streamed tokens of the local clone brain, so answers arrive like a model's. */
  readonly BRAIN_TOKEN_DELAY_MS: number
  /** An OpenAI-compatible endpoint (with LLM_MODEL) replaces the local answer composer when set. */
  readonly LLM_BASE_URL: string | undefined
  readonly LLM_API_KEY: string | undefined
  readonly LLM_MODEL: string | undefined
  /** ElevenLabs replaces the offline eSpeak NG read-aloud voice when set. */
  readonly ELEVENLABS_API_KEY: string | undefined
  readonly ELEVENLABS_BASE_URL: string | undefined
}

/**
 * Reads the environment once into a typed, frozen config. Relative paths resolve against `cwd`.
 * Throws a readable error listing every invalid variable.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): Config {
  // Empty strings count as unset, as they do in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = Env.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid environment: ${problems}`)
  }
  const e = parsed.data
  return Object.freeze({
    PORT: e.PORT,
    HOST: e.HOST,
    DATA_DIR: path.resolve(cwd, e.DATA_DIR),
    DATABASE_URL: e.DATABASE_URL,
    NODE_ENV: e.NODE_ENV,
    PUBLIC_URL: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    WEB_DIST: path.resolve(cwd, e.WEB_DIST),
    LOG_LEVEL: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    BRAIN_TOKEN_DELAY_MS: e.BRAIN_TOKEN_DELAY_MS,
    LLM_BASE_URL: e.LLM_BASE_URL?.replace(/\/+$/, ''),
    LLM_API_KEY: e.LLM_API_KEY,
    LLM_MODEL: e.LLM_MODEL,
    ELEVENLABS_API_KEY: e.ELEVENLABS_API_KEY,
    ELEVENLABS_BASE_URL: e.ELEVENLABS_BASE_URL,
  })
}
