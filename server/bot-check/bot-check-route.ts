import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorBody, BotCheckChallenge } from '../../contract'
import type { BotCheck } from './bot-check'

/**
 * GET /api/bot-check/challenge (issue #27 part 2): what the caller must solve before an anonymous chat
 * message or sign-in code. A signed-in caller (or a server with the check off) is told 'none'; otherwise a
 * fresh ALTCHA challenge, or the Turnstile site key. Each answer is new: never cached.
 */
export const botCheckRoutes: FastifyPluginAsyncZod<{ botCheck: BotCheck }> = async (app, { botCheck }) => {
  app.get(
    '/api/bot-check/challenge',
    { schema: { response: { 200: BotCheckChallenge, 429: ApiErrorBody } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      if (request.identity.user) return { mode: 'none' as const }
      return botCheck.challenge()
    },
  )
}
