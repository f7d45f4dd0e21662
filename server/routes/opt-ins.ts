import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorBody } from '../../contract'
import { GreetRequest, GreetResponse, OptInResponse, OptInUpdateRequest } from '../../contract/embed'
import { requireUser } from '../auth/identity'
import { requireClone } from '../clones/queries'
import type { Db } from '../db/client'
import { requestLanguage } from '../i18n'
import { greet } from '../texting/greeting'
import { NO_OPT_IN, optInOf, setOptIn } from '../texting/opt-ins'
import type { Texts } from '../texting/texts'

export interface OptInRoutesOptions {
  db: Db
  texts: Texts
  /** TELEGRAM_BOT_USERNAME, for the t.me links of Telegram greetings. */
  telegramBot: string | undefined
}

const errors = {
  400: ApiErrorBody,
  401: ApiErrorBody,
  403: ApiErrorBody,
  404: ApiErrorBody,
  429: ApiErrorBody,
}

/** spec 1 §4 'Text opt-in', §7 'Opt-in get / update' and greetUser. */
export const optInRoutes: FastifyPluginAsyncZod<OptInRoutesOptions> = async (
  app,
  { db, texts, telegramBot },
) => {
  // Anonymous visitors get the same empty answer as a user who never chose: nothing to opt in to yet, and
  // the action centre can ask without knowing who is signed in.
  app.get(
    '/api/opt-ins/:slug',
    {
      schema: {
        params: z.object({ slug: z.string().min(1).max(100) }),
        response: { 200: OptInResponse, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const clone = await requireClone(db, request.params.slug)
      const user = request.identity.user
      return { opt_in: user ? await optInOf(db, user.id, clone.id) : NO_OPT_IN }
    },
  )

  app.put(
    '/api/opt-ins',
    { schema: { body: OptInUpdateRequest, response: { 200: OptInResponse, ...errors } } },
    async (request) => {
      const user = requireUser(request)
      const clone = await requireClone(db, request.body.slug)
      return { opt_in: await setOptIn(db, user.id, clone.id, request.body.opt_in, request.body.medium) }
    },
  )

  app.post(
    '/api/greet',
    { schema: { body: GreetRequest, response: { 200: GreetResponse, 503: ApiErrorBody, ...errors } } },
    async (request) => {
      const user = requireUser(request)
      const clone = await requireClone(db, request.body.slug)
      return greet({ db, texts, telegramBot }, user, clone, request.body, requestLanguage(request.headers))
    },
  )
}
