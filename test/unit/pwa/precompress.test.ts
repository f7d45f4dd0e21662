import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { precompressFolder } from '../../../pwa/precompress-plugin'

describe('precompressFolder (the web build’s brotli and gzip copies)', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-precompress-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('writes .br and .gz beside text files worth it, and leaves tiny, binary and dot-folder files alone', async () => {
    const js = `export const text = ${JSON.stringify('a clone answers questions '.repeat(200))}`
    const css = `.thread { color: red }\n`.repeat(200)
    await mkdir(path.join(dir, 'assets'))
    await mkdir(path.join(dir, '.vite'))
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), js)
    await writeFile(path.join(dir, 'assets', 'index-abc.css'), css)
    await writeFile(path.join(dir, 'sw.js'), js)
    await writeFile(path.join(dir, 'assets', 'tiny-abc.js'), 'export {}')
    await writeFile(path.join(dir, 'portrait.png'), Buffer.alloc(4096, 1))
    await writeFile(path.join(dir, 'font.woff2'), Buffer.alloc(4096, 1))
    await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify({ big: 'x'.repeat(4096) }))

    const results = await precompressFolder(dir)

    expect(results.map((r) => r.file).sort()).toEqual([
      'assets/index-abc.css',
      'assets/index-abc.js',
      'sw.js',
    ])
    for (const [file, text] of [
      ['assets/index-abc.js', js],
      ['assets/index-abc.css', css],
      ['sw.js', js],
    ] as const) {
      const br = await readFile(path.join(dir, `${file}.br`))
      const gz = await readFile(path.join(dir, `${file}.gz`))
      expect(brotliDecompressSync(br).toString()).toBe(text)
      expect(gunzipSync(gz).toString()).toBe(text)
      expect(br.length).toBeLessThan(text.length / 4)
    }
    expect((await readdir(path.join(dir, '.vite'))).sort()).toEqual(['manifest.json'])
    expect((await readdir(dir)).sort()).toEqual([
      '.vite',
      'assets',
      'font.woff2',
      'portrait.png',
      'sw.js',
      'sw.js.br',
      'sw.js.gz',
    ])
    expect((await readdir(path.join(dir, 'assets'))).filter((f) => f.startsWith('tiny'))).toEqual([
      'tiny-abc.js',
    ])
  })
})
