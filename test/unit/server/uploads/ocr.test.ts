import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { extractFileText } from '../../../../server/uploads/extract'
import { imageSizeOf } from '../../../../server/uploads/extract/image-size'
import {
  NO_TEXT_IN_IMAGE_TEXT,
  TIMED_OUT_TEXT,
  TOO_LARGE_TEXT,
  UNREADABLE_TEXT,
} from '../../../../server/uploads/extract/limits'
import { readImageText } from '../../../../server/uploads/extract/ocr'
import { stopReaderProcesses } from '../../../../server/uploads/extract/reader-process'

// Issue #15 'Every attached file is read': images are read by OCR on the embedded tesseract.js.
const sentence = new Uint8Array(
  readFileSync(new URL('../../../fixtures/attachments/ocr-sentence.png', import.meta.url)),
)
/** tesseract runs in WebAssembly: generous on a loaded 2-core machine. */
const OCR_TIMEOUT = 90_000

/** A png whose header claims this size, and nothing else. */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  const view = new DataView(bytes.buffer)
  view.setUint32(16, width)
  view.setUint32(20, height)
  bytes.set([8, 6, 0, 0, 0], 24)
  return bytes
}

/** A jpeg up to its frame header (after an APP0 segment), claiming this size. */
function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
  const sof = [0xff, 0xc2, 0, 11, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0]
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof])
}

describe('reading an attached image', () => {
  afterAll(() => stopReaderProcesses())

  it(
    'reads the sentence in a png',
    async () => {
      const text = await extractFileText('screenshot.png', sentence)
      expect(text).toMatch(/The quick brown fox jumps/)
    },
    OCR_TIMEOUT,
  )

  it(
    'reads the sentence in a jpeg',
    async () => {
      const jpeg = new Uint8Array(
        readFileSync(new URL('../../../fixtures/attachments/ocr-sentence.jpg', import.meta.url)),
      )
      expect(imageSizeOf(jpeg)).toEqual({ width: 600, height: 150, type: 'jpeg' })
      await expect(extractFileText('photo.jpeg', jpeg)).resolves.toMatch(/Pack light for the long hike/)
    },
    OCR_TIMEOUT,
  )

  it('refuses an image whose header claims 100000 x 100000 pixels, without decoding it', async () => {
    await expect(readImageText(pngHeader(100_000, 100_000))).rejects.toThrow(TOO_LARGE_TEXT)
    await expect(readImageText(jpegHeader(60_000, 60_000))).rejects.toThrow(TOO_LARGE_TEXT)
  })

  it('reads the size a png or jpeg header declares', () => {
    expect(imageSizeOf(sentence)).toEqual({ width: 600, height: 150, type: 'png' })
    expect(imageSizeOf(jpegHeader(640, 480))).toEqual({ width: 640, height: 480, type: 'jpeg' })
    expect(imageSizeOf(new TextEncoder().encode('GIF89a'))).toBeNull()
  })

  it('answers a file named .png that is not an image with an error, not a crash', async () => {
    const notImage = new TextEncoder().encode('just some words, not pixels')
    await expect(extractFileText('holiday.png', notImage)).rejects.toThrow(UNREADABLE_TEXT)
    await expect(extractFileText('holiday.jpg', new Uint8Array(0))).rejects.toThrow(UNREADABLE_TEXT)
  })

  it(
    'answers a png with a valid header but broken pixels with an error, and reads the next image',
    async () => {
      const broken = sentence.slice(0, 200)
      await expect(readImageText(broken)).rejects.toThrow(UNREADABLE_TEXT)
      await expect(readImageText(sentence)).resolves.toMatch(/quick brown fox/)
    },
    OCR_TIMEOUT,
  )

  it(
    'says an image without text has no readable text',
    async () => {
      const blank = new Uint8Array(
        readFileSync(new URL('../../../fixtures/attachments/blank.png', import.meta.url)),
      )
      await expect(readImageText(blank)).rejects.toThrow(NO_TEXT_IN_IMAGE_TEXT)
    },
    OCR_TIMEOUT,
  )

  it('gives up on an aborted read as timed out', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(readImageText(sentence, { signal: controller.signal })).rejects.toThrow(TIMED_OUT_TEXT)
  })

  it(
    'stops a read aborted midway as timed out, and reads the next image with a fresh reader process',
    async () => {
      const controller = new AbortController()
      const reading = readImageText(sentence, { signal: controller.signal })
      setImmediate(() => controller.abort())
      await expect(reading).rejects.toThrow(TIMED_OUT_TEXT)
      await expect(readImageText(sentence)).resolves.toMatch(/quick brown fox/)
    },
    OCR_TIMEOUT,
  )

  it(
    'closes under reads being started at any moment: each read answers with its text or a reason, nothing crashes',
    async () => {
      const ticks = async (n: number) => {
        for (let i = 0; i < n; i++) await Promise.resolve()
      }
      // Close after 0 to 40 microtasks, and after a turn: somewhere in there a job is being posted.
      for (const wait of [0, 2, 8, 40, -1]) {
        await readImageText(sentence).catch(() => '')
        const reading = Promise.allSettled([readImageText(sentence)])
        await (wait < 0 ? new Promise((resolve) => setImmediate(resolve)) : ticks(wait))
        await stopReaderProcesses()
        const [outcome] = await reading
        if (outcome!.status === 'fulfilled') expect(outcome!.value).toMatch(/quick brown fox/)
        else expect(String(outcome!.reason)).toMatch(new RegExp(`${UNREADABLE_TEXT}|${TIMED_OUT_TEXT}`))
      }
      // Tesseract posting a job to an ended thread would be an unhandled rejection, which fails this run.
      await expect(readImageText(sentence)).resolves.toMatch(/quick brown fox/)
    },
    OCR_TIMEOUT,
  )
})
