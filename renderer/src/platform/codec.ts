import type { StorageKey } from './storage-keys'

/** Values are stored as JSON text in both shells. */
export const encodeStoredValue = <T>(key: StorageKey<T>, value: T): string => {
  const checked = key.schema.safeParse(value)
  if (!checked.success) throw new TypeError(`Refusing to store an invalid value for '${key.name}'.`)
  return JSON.stringify(checked.data)
}

/** Absent, malformed or schema-invalid text reads as undefined: stale data must never crash a screen. */
export const decodeStoredValue = <T>(key: StorageKey<T>, text: string | null | undefined): T | undefined => {
  if (text == null) return undefined
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return undefined
  }
  const parsed = key.schema.safeParse(raw)
  return parsed.success ? parsed.data : undefined
}
