/**
 * The pixel size a png or jpeg declares in its header (PNG IHDR, JPEG SOF), read before any decoding, so an
 * image too large to decode safely (a decompression bomb among them) is refused without decoding it
 * (issue #15 'Every attached file is read'). null when the bytes are neither a png nor a jpeg.
 */
export interface ImageSize {
  width: number
  height: number
  type: 'png' | 'jpeg'
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

export function imageSizeOf(bytes: Uint8Array): ImageSize | null {
  return pngSize(bytes) ?? jpegSize(bytes)
}

function pngSize(bytes: Uint8Array): ImageSize | null {
  // Signature (8), then the first chunk, which must be IHDR: length (4), type (4), width (4), height (4).
  if (bytes.length < 24 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null
  const width = view.getUint32(16)
  const height = view.getUint32(20)
  return width > 0 && height > 0 ? { width, height, type: 'png' } : null
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic...): not DHT (C4), JPG (C8), DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
}

function jpegSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 2
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1]!
    // Fill bytes before a marker, and markers without a length (TEM, RSTn).
    if (marker === 0xff) {
      at += 1
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2
      continue
    }
    // The image data starts (SOS) or ends (EOI) before any frame header: not a jpeg we can size.
    if (marker === 0xda || marker === 0xd9) return null
    const length = view.getUint16(at + 2)
    if (length < 2) return null
    if (isStartOfFrame(marker)) {
      // Length (2), precision (1), height (2), width (2).
      if (at + 9 > bytes.length) return null
      const height = view.getUint16(at + 5)
      const width = view.getUint16(at + 7)
      return width > 0 && height > 0 ? { width, height, type: 'jpeg' } : null
    }
    at += 2 + length
  }
  return null
}
