import { ExtractError, UNREADABLE_TEXT } from './limits'
import { htmlText } from './plain-text'
import type { TextSink } from './text-sink'
import { walkXml, xmlAttr } from './xml'
import { resolveZipPath, type ZipReader, zipDir } from './zip'

/** Characters of one chapter's markup read: the text limit is far smaller, even once tags are dropped. */
const CHAPTER_CHARS = 2 * 1024 * 1024

/** An e-book: the chapters of the OPF spine in reading order, each as the text of its XHTML. */
export function readEpub(zip: ZipReader, sink: TextSink): void {
  if (!zip.has('META-INF/container.xml')) throw new ExtractError(UNREADABLE_TEXT)
  let opfPath = ''
  walkXml([zip.readAll('META-INF/container.xml')], {
    open(name, attrs) {
      if (name === 'rootfile' && !opfPath) opfPath = xmlAttr(attrs, 'full-path') ?? ''
    },
  })
  opfPath = resolveZipPath('', opfPath)
  if (!opfPath || !zip.has(opfPath)) throw new ExtractError(UNREADABLE_TEXT)

  const manifest = new Map<string, { href: string; type: string }>()
  const spine: string[] = []
  walkXml([zip.readAll(opfPath)], {
    open(name, attrs) {
      const id = xmlAttr(attrs, name === 'itemref' ? 'idref' : 'id')
      const href = xmlAttr(attrs, 'href')
      if (name === 'item' && id && href) manifest.set(id, { href, type: xmlAttr(attrs, 'media-type') ?? '' })
      else if (name === 'itemref' && id) spine.push(id)
    },
  })
  const dir = zipDir(opfPath)
  for (const id of spine) {
    const item = manifest.get(id)
    if (!item || !/html/i.test(item.type)) continue
    const path = resolveZipPath(dir, item.href)
    if (!zip.has(path)) continue
    sink.add(`${htmlText(chapterMarkup(zip, path))}\n\n`)
    if (sink.full) return
  }
}

function chapterMarkup(zip: ZipReader, path: string): string {
  let markup = ''
  for (const chunk of zip.text(path)) {
    markup += chunk
    if (markup.length >= CHAPTER_CHARS) return markup.slice(0, CHAPTER_CHARS)
  }
  return markup
}
