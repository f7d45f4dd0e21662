import type { App } from '../../server/app'
import { SESSION_COOKIE } from '../../server/auth/identity'
import { createSession } from '../../server/auth/sessions'
import type { Db } from '../../server/db/client'
import { seedId } from '../../server/seed/ids'

/** A cookie session of a seeded user ('user-lena' is lena-hart's creator, 'user-sam' its contributor). */
export async function seededUserCookie(db: Db, userKey: string): Promise<string> {
  const { token } = await createSession(db, seedId('user', userKey), 'cookie')
  return `${SESSION_COOKIE}=${token}`
}

export const validInput = {
  name: 'Pricing page',
  allowedOrigins: ['https://creator.example', 'https://WWW.Creator.example', 'https://creator.example'],
  layout: 'inline',
  whitelabel: true,
  textLimit: null,
  voiceLimitSeconds: null,
} as const

export const studio = (
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string | null,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
