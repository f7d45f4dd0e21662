export { ALTCHA_TTL_MS, altchaCounterUpTo, DEFAULT_ALTCHA_COUNTER, sweepUsedChallenges } from './altcha-check'
export {
  BOT_CHECK_FAILED_TEXT,
  BOT_CHECK_UNAVAILABLE_TEXT,
  type BotCheck,
  type BotCheckMode,
  type BotCheckOverrides,
  createBotCheck,
} from './bot-check'
export { botCheckRoutes } from './bot-check-route'
export { TURNSTILE_SITEVERIFY_URL } from './turnstile-check'
