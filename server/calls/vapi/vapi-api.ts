import type { VapiKeys } from './vapi-secrets'

/** What we read of Vapi's Call (GET /call/{id}): its times, metadata (via assistant) and artifact. */
export type VapiCallRecord = Record<string, unknown> & {
  id?: string
  startedAt?: string
  endedAt?: string
}

/** Vapi's own record of a call, with the private key (conventions #13: tests use a fake of this API). */
export async function confirmVapiCall(
  keys: Pick<VapiKeys, 'apiBaseUrl' | 'privateKey'>,
  vapiCallId: string,
  fetcher: typeof fetch = fetch,
): Promise<VapiCallRecord> {
  const res = await fetcher(`${keys.apiBaseUrl}/call/${encodeURIComponent(vapiCallId)}`, {
    headers: { authorization: `Bearer ${keys.privateKey}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  })
  if (!res.ok) throw new Error(`Vapi answered ${res.status} for call ${vapiCallId}`)
  const body = (await res.json()) as unknown
  if (typeof body !== 'object' || body === null) throw new Error('Vapi answered no call')
  return body as VapiCallRecord
}
