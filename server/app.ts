import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify'
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { ErrorCode } from '../contract'
import type { Config } from './config'
import type { Db, DbKind } from './db/client'
import { AppError, codeForStatus, errorBody } from './errors'
import { cloneRoutes } from './routes/clones'
import { healthRoutes } from './routes/health'
import { registerWeb } from './web'

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse<IncomingMessage>,
  FastifyBaseLogger,
  ZodTypeProvider
>

export interface BuildAppOptions {
  db: Db
  dbKind: DbKind
  config: Config
  /** A ready logger (e.g. the entry's pino); otherwise one is made from config (none in tests). */
  logger?: FastifyBaseLogger
}

export const appVersion: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version

/**
 * A CSP for the Vite-built React SPA. frame-ancestors is open on purpose: the product is embedded
 * in creators' own sites.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "connect-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
  "worker-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  'frame-ancestors *',
].join('; ')

export async function buildApp({ db, dbKind, config, logger }: BuildAppOptions): Promise<App> {
  const app: App = (
    logger
      ? Fastify({ loggerInstance: logger })
      : Fastify({ logger: config.NODE_ENV === 'test' ? false : { level: config.LOG_LEVEL } })
  ).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    const type = reply.getHeader('content-type')
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY)
    }
    return payload
  })

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) return reply.code(error.status).send(error.toBody())

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request'
      const details = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
        return field ? `${field}: ${issue.message}` : issue.message
      })
      return reply.code(400).send(errorBody(ErrorCode.badRequest, `Invalid ${where}: ${details.join('; ')}`))
    }

    const status = statusOf(error)
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.code(500).send(errorBody(ErrorCode.internal, 'Internal server error'))
    }
    // Fastify's own 4xx errors (bad JSON, body too large, wrong content type) carry safe messages.
    const message = error instanceof Error ? error.message : 'Bad request'
    return reply.code(status).send(errorBody(codeForStatus(status), message))
  })

  await app.register(healthRoutes, { db, dbKind, version: appVersion })
  await app.register(cloneRoutes, { db })
  await registerWeb(app, { webDist: config.WEB_DIST })

  return app
}

function statusOf(error: unknown): number {
  const status =
    typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500
}
