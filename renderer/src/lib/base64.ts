/** Standard base64 of a string's UTF-8 bytes (btoa alone fails on characters outside Latin-1). */
export function base64FromUtf8(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}
