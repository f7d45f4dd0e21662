/**
 * A thin loader for Google Identity Services' token client (https://accounts.google.com/gsi/client).
 * It loads only when the server offers Google sign-in (GOOGLE_CLIENT_ID) and the visitor clicks the
 * button. It needs a real OAuth client id whose authorised JavaScript origins include the product's
 * origin, and a Content-Security-Policy that allows accounts.google.com (script-src and frame-src).
 */
const GIS_SRC = 'https://accounts.google.com/gsi/client'
const SCOPE = 'openid email profile'

interface TokenResponse {
  access_token?: string
  error?: string
}

interface GoogleIdentity {
  accounts: {
    oauth2: {
      initTokenClient(config: {
        client_id: string
        scope: string
        callback: (response: TokenResponse) => void
        error_callback?: (error: { type?: string; message?: string }) => void
      }): { requestAccessToken(): void }
    }
  }
}

let loading: Promise<GoogleIdentity> | null = null

function loadGoogleIdentity(): Promise<GoogleIdentity> {
  const existing = (globalThis as { google?: GoogleIdentity }).google
  if (existing?.accounts?.oauth2) return Promise.resolve(existing)
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = GIS_SRC
    script.async = true
    script.onload = () => {
      const google = (globalThis as { google?: GoogleIdentity }).google
      if (google?.accounts?.oauth2) resolve(google)
      else reject(new Error('Google Identity Services did not load'))
    }
    script.onerror = () => reject(new Error('Google Identity Services could not be loaded'))
    document.head.append(script)
  }).catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

/** Opens Google's consent popup and answers the access token the server then checks. */
export async function requestGoogleAccessToken(clientId: string): Promise<string> {
  const google = await loadGoogleIdentity()
  return new Promise((resolve, reject) => {
    const client = google.accounts.oauth2.initTokenClient({
      client_id: clientId,
      scope: SCOPE,
      callback: (response) =>
        response.access_token
          ? resolve(response.access_token)
          : reject(new Error(response.error ?? 'No token')),
      error_callback: (error) =>
        reject(new Error(error.message ?? error.type ?? 'Google sign-in was closed')),
    })
    client.requestAccessToken()
  })
}
