import { ApiErrorBody } from '../../../../contract/errors'
import { ApiError, ClientErrorCode, resolveApiUrl } from '../../api/client'

/** spec 1 §7 'Read aloud': POST /api/tts { slug, text } answers audio (409 without a voice, 503 unavailable). */
export async function fetchSpeech(slug: string, text: string, signal: AbortSignal): Promise<Blob> {
  let response: Response
  try {
    response = await fetch(resolveApiUrl('/api/tts'), {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'audio/*' },
      body: JSON.stringify({ slug, text }),
      signal,
    })
  } catch (cause) {
    if (signal.aborted) throw cause
    throw new ApiError(0, ClientErrorCode.network, 'Could not reach the server. Check your connection.', {
      cause,
    })
  }
  if (!response.ok) {
    const body = ApiErrorBody.safeParse(await response.json().catch(() => null))
    throw body.success
      ? new ApiError(response.status, body.data.error.code, body.data.error.message)
      : new ApiError(
          response.status,
          'internal',
          `${response.statusText || 'Request failed'} (${response.status})`,
        )
  }
  return response.blob()
}
