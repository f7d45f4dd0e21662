/** The two-letter code of a clone language given as a code ('en', 'es-MX') or an English name ('English'). */
export function languageCode(language: string): string {
  const value = language.trim().toLowerCase()
  const named: Record<string, string> = { english: 'en', spanish: 'es', german: 'de', french: 'fr' }
  if (named[value]) return named[value]
  return value.split(/[-_]/)[0] || 'en'
}
