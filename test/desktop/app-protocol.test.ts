import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentTypeFor, resolveAppFile } from '../../main/app-protocol'

const root = path.resolve('/opt/likeness/renderer')

describe('resolveAppFile', () => {
  it('serves files inside the renderer folder', () => {
    expect(resolveAppFile(root, 'app://renderer/assets/index-abc.js')).toBe(
      path.join(root, 'assets/index-abc.js'),
    )
  })

  it('answers app routes with index.html', () => {
    expect(resolveAppFile(root, 'app://renderer/lena-hart/talk?message=hi')).toBe(
      path.join(root, 'index.html'),
    )
    expect(resolveAppFile(root, 'app://renderer/')).toBe(path.join(root, 'index.html'))
  })

  it('refuses paths that escape the folder, encoded or not', () => {
    expect(resolveAppFile(root, 'app://renderer/..%2F..%2Fetc%2Fpasswd.txt')).toBeNull()
    expect(resolveAppFile(root, 'app://renderer/assets/..%2F..%2F..%2Fsecret.json')).toBeNull()
    // The URL parser folds dot segments itself; whatever it yields must stay inside the folder.
    for (const raw of [
      'app://renderer/%2e%2e/%2e%2e/secret.json',
      'app://renderer/assets/..%5C..%5Csecret.json',
    ]) {
      const resolved = resolveAppFile(root, raw)
      expect(resolved === null || resolved.startsWith(root + path.sep)).toBe(true)
    }
  })

  it('refuses other hosts, schemes, NUL bytes and malformed URLs', () => {
    expect(resolveAppFile(root, 'app://evil/index.html')).toBeNull()
    expect(resolveAppFile(root, 'file:///etc/passwd')).toBeNull()
    expect(resolveAppFile(root, 'app://renderer/a%00.js')).toBeNull()
    expect(resolveAppFile(root, 'app://renderer/%E0%A4%A.js')).toBeNull()
    expect(resolveAppFile(root, 'not a url')).toBeNull()
  })

  it('names content types', () => {
    expect(contentTypeFor('x/index.html')).toMatch(/text\/html/)
    expect(contentTypeFor('x/a.js')).toMatch(/javascript/)
    expect(contentTypeFor('x/a.unknown')).toBe('application/octet-stream')
  })
})
