import { useEffect, useState } from 'react'

type Format = (input: string) => string

/**
 * libphonenumber-js (behind lib/phone.ts) is about 30 KB gzip, too much for the profile's first load: it is
 * loaded once a number is to be shown, and the number shows as given until then (from the service-worker
 * cache that is a moment; later renders format at once).
 */
let format: Format | null = null
let loading: Promise<Format> | null = null
const loadFormat = () => {
  loading ??= import('../../lib/phone').then((m) => {
    format = m.formatPhoneNumber
    return format
  })
  return loading
}

/** The number as spec 1 §2 shows it ('+1 (NNN) NNN-NNNN'), or null without one. */
export function useFormattedPhoneNumber(phoneNumber: string | null): string | null {
  const [, setLoaded] = useState(format !== null)
  useEffect(() => {
    if (!phoneNumber || format) return
    let live = true
    loadFormat().then(
      () => live && setLoaded(true),
      // Offline without the chunk: the number stays as given.
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [phoneNumber])
  if (!phoneNumber) return null
  return format ? format(phoneNumber) : phoneNumber
}
