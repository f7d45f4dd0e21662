/**
 * Up to two initials for an avatar fallback: 'Lena Hart' → 'LH'. Shared so the page the server writes
 * (server/web/prerender.ts) shows the same letters as the web app's avatar.
 */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('') || '?'
