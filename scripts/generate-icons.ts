/**
 * `node --import tsx scripts/generate-icons.ts`: renders every app icon from pwa/icons/source.svg with a
 * headless Chromium (the one the end-to-end tests use), into renderer/public/ (committed) and build/ (the
 * desktop installers' icon). Run it again after changing the source image.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumArgs, findChromium } from '../test/support/browser'

const root = path.resolve(import.meta.dirname, '..')
const source = readFileSync(path.join(root, 'pwa/icons/source.svg'), 'utf8')
const TILE_COLOUR = '#6e56cf'

interface Variant {
  file: string
  size: number
  /** How much of the canvas the source tile covers (the rest is padding). */
  scale: number
  /** Fill behind the tile; transparent when absent. */
  background?: string
}

const publicDir = path.join(root, 'renderer/public')
const variants: Variant[] = [
  { file: 'renderer/public/icons/icon-192.png', size: 192, scale: 1 },
  { file: 'renderer/public/icons/icon-512.png', size: 512, scale: 1 },
  // Maskable: the platform may cut anything outside the centre circle of 80% diameter (the safe zone), so
  // the tile's colour runs to the edges and the mark sits well inside.
  { file: 'renderer/public/icons/maskable-512.png', size: 512, scale: 0.8, background: TILE_COLOUR },
  // iOS draws its own rounded corners and blackens transparency: full bleed.
  { file: 'renderer/public/icons/apple-touch-icon.png', size: 180, scale: 1, background: TILE_COLOUR },
  { file: 'renderer/public/icons/favicon-32.png', size: 32, scale: 1 },
  // electron-builder turns this into .icns / .ico / Linux icons; desktop icons keep a margin.
  { file: 'build/icon.png', size: 1024, scale: 0.8 },
]
const icoSizes = [16, 32, 48]

const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs() })
const page = await browser.newPage({ deviceScaleFactor: 1 })
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}`

async function render(size: number, scale: number, background = 'transparent'): Promise<Buffer> {
  await page.setViewportSize({ width: size, height: size })
  const inner = Math.round(size * scale)
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:transparent">
      <div style="width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}">
        <img src="${dataUrl}" width="${inner}" height="${inner}" alt="">
      </div></body></html>`,
  )
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode())
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } })
}

for (const variant of variants) {
  const png = await render(variant.size, variant.scale, variant.background)
  const out = path.join(root, variant.file)
  mkdirSync(path.dirname(out), { recursive: true })
  writeFileSync(out, png)
  console.log(`${variant.file} (${variant.size}x${variant.size}, ${(png.length / 1024).toFixed(1)} KB)`)
}

const icoImages = []
for (const size of icoSizes) icoImages.push({ size, png: await render(size, 1) })
writeFileSync(path.join(publicDir, 'favicon.ico'), encodeIco(icoImages))
console.log(`renderer/public/favicon.ico (${icoSizes.join(', ')})`)
writeFileSync(path.join(publicDir, 'favicon.svg'), source)
console.log('renderer/public/favicon.svg')

await browser.close()

/** An .ico holding PNG images (supported by every browser and Windows since Vista). */
function encodeIco(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = 6 + 16 * images.length
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size >= 256 ? 0 : size, 0)
    entry.writeUInt8(size >= 256 ? 0 : size, 1)
    entry.writeUInt8(0, 2)
    entry.writeUInt8(0, 3)
    entry.writeUInt16LE(1, 4)
    entry.writeUInt16LE(32, 6)
    entry.writeUInt32LE(png.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += png.length
    return entry
  })
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)])
}
