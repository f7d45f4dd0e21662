import type { SessionTransport } from '../../../contract/auth'
import { OkResponse, SignInResponse } from '../../../contract/auth'
import { withBotToken } from './bot-check'
import { apiRequest } from './client'

/*
 * Signing in (POST /api/auth/code, /verify, /google): loaded with the sign-in dialog or the embed's contact
 * capture, or the first code asked for, never with a first screen (npm run bench:size). The session's other
 * requests (who is signed in, logging out, claiming a conversation) are api/auth.ts.
 */

/**
 * Asks for a sign-in code; a visitor who is not signed in sends a bot-protection token (api/bot-check.ts).
 */
export const sendSignInCode = (email: string, whitelabel = false) =>
  withBotToken((botToken) =>
    apiRequest({
      path: '/api/auth/code',
      method: 'POST',
      schema: OkResponse,
      body: { email, whitelabel, ...(botToken ? { botToken } : {}) },
    }),
  )

export const verifySignInCode = (body: {
  email: string
  code: string
  timezone?: string
  transport: SessionTransport
}) => apiRequest({ path: '/api/auth/verify', method: 'POST', schema: SignInResponse, body })

export const googleSignIn = (body: { accessToken: string; timezone?: string; transport: SessionTransport }) =>
  apiRequest({
    path: '/api/auth/google',
    method: 'POST',
    schema: SignInResponse,
    body: { ...body, skipWelcomeEmail: true },
  })
