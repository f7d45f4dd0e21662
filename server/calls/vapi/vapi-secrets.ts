import { createHmac } from 'node:crypto'
import { sameSecret } from '../../auth/constant-time'
import type { Config } from '../../config'

/*
 * What Vapi shows our custom-LLM endpoint and our webhook. The assistant travels through the visitor's browser
 * (vapi.start(assistant)), so whatever it carries is readable there: each call gets its own secrets, HMACs of
 * the configured (or derived) ones over the call's id, conversation and clone. A visitor who reads theirs can
 * only ask the clone about their own call; the webhook also confirms every report with Vapi's API.
 */

export interface VapiKeys {
  publicKey: string
  privateKey: string
  apiBaseUrl: string
  /** Base secrets; per-call secrets are derived from them (callSecret). */
  llmSecret: string
  webhookSecret: string
}

const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('base64url')

/** Vapi as configured, or null when the local call holds voice calls. */
export function vapiKeysOf(
  config: Pick<
    Config,
    'VAPI_PUBLIC_KEY' | 'VAPI_PRIVATE_KEY' | 'VAPI_API_BASE_URL' | 'VAPI_LLM_SECRET' | 'VAPI_WEBHOOK_SECRET'
  >,
): VapiKeys | null {
  if (!config.VAPI_PUBLIC_KEY || !config.VAPI_PRIVATE_KEY) return null
  return {
    publicKey: config.VAPI_PUBLIC_KEY,
    privateKey: config.VAPI_PRIVATE_KEY,
    apiBaseUrl: config.VAPI_API_BASE_URL,
    // Stable across restarts without extra configuration: derived from the private key.
    llmSecret: config.VAPI_LLM_SECRET ?? hmac(config.VAPI_PRIVATE_KEY, 'likeness:vapi:custom-llm'),
    webhookSecret: config.VAPI_WEBHOOK_SECRET ?? hmac(config.VAPI_PRIVATE_KEY, 'likeness:vapi:webhook'),
  }
}

/** What a call's requests must carry: bound to the call, its conversation and its clone. */
export interface CallBinding {
  callId: string
  conversationId: string
  cloneSlug: string
}

export const callSecret = (base: string, call: CallBinding) =>
  hmac(base, `${call.callId}\n${call.conversationId}\n${call.cloneSlug}`)

/** Constant-time comparison of a secret a request carries with the expected one. */
export const secretMatches = (given: string | undefined, expected: string): boolean =>
  sameSecret(given, expected)

/** Header Vapi sends with both requests (set in the assistant: model.headers and server.headers). */
export const VAPI_SECRET_HEADER = 'x-vapi-secret'
