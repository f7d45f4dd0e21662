import type { Usage } from '../../../../../contract/billing'
import type { Membership } from '../../../../../contract/clone'

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export const signedInUser = {
  id: '8f1d4a52-6c55-4c1e-9d7a-0f0a3f1b2c3d',
  name: null,
  email: 'a@example.com',
  imageUrl: null,
  phoneNumber: null,
  telegramUsername: null,
  language: null,
  staff: false,
  plan: null,
  whitelabeled: false,
}

export const membership = (over: Partial<Membership> = {}): Membership => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Plus',
  active: true,
  basePrice: 9,
  annualPrice: 90,
  smsEnabled: false,
  voiceEnabled: true,
  videoEnabled: false,
  telegramEnabled: false,
  customDescription: null,
  includedMinutesPerMonth: 30,
  includedMessagesPerMonth: 500,
  includedVideoMinutesPerMonth: 0,
  instanceId: null,
  ...over,
})

export const usage = (remaining: number, over: { quota?: number; overage?: boolean } = {}): Usage => ({
  usage: { messages: 10 - remaining, voice_seconds: 0, video_seconds: 0 },
  quota: { messages: over.quota ?? 10, voice_seconds: 0, video_seconds: 0 },
  remaining: { messages: remaining, voice_seconds: 0, video_seconds: 0 },
  billing: { is_overage_enabled: over.overage ?? false },
  permissions: { can_send_message: remaining > 0, can_make_call: false, can_make_video_call: false },
  resetsAt: '2026-12-01T00:00:00.000Z',
})
