/**
 * The servers' settings for the journeys through the stack: those of the end-to-end server
 * (playwright.config.ts) but for what the stack sets itself (port, data folder, database, bucket, secret).
 */
export const SCALE_SERVER_ENV: Record<string, string> = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  BRAIN_TOKEN_DELAY_MS: '40',
  AUTH_CODES_PER_IP: '1000',
  AUTH_CODES_PER_EMAIL: '1000',
  AUTH_CODES_PER_EMAIL_AND_IP: '1000',
  RATE_LIMIT_WRITES: '100000',
  RATE_LIMIT_CHAT: '100000',
  RATE_LIMIT_SPEECH: '100000',
  TRANSCRIPTION_BASE_URL: `http://127.0.0.1:${process.env.E2E_STT_PORT}/v1`,
  TRANSCRIPTION_API_KEY: 'test',
  EMBED_DEMO_ORIGINS: `http://localhost:${process.env.E2E_HOST_PORT}`,
}
