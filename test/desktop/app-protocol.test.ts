import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentTypeFor, createAppProtocolHandler, resolveAppFile } from '../../main/app-protocol'

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

describe('app:// handler', () => {
  const files = new Map([
    [path.join(root, 'index.html'), '<!doctype html><title>Likeness</title>'],
    [path.join(root, 'assets/index-abc.js'), 'console.log(1)'],
  ])
  const handler = createAppProtocolHandler({
    rootDir: root,
    csp: "default-src 'self'",
    readFile: async (file) => {
      const text = files.get(file)
      if (text === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' })
      return new TextEncoder().encode(text)
    },
  })
  const get = (url: string, method = 'GET') => handler({ url, method })

  it('serves app routes with index.html and the CSP', async () => {
    const response = await get('app://renderer/lena-hart/talk')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await response.text()).toContain('<title>Likeness</title>')
  })

  it('serves assets with their type', async () => {
    const response = await get('app://renderer/assets/index-abc.js')
    expect(response.headers.get('content-type')).toMatch(/javascript/)
  })

  it('answers 404 for traversal, other hosts and missing files, never reading outside the folder', async () => {
    for (const url of [
      'app://renderer/..%2F..%2Fetc%2Fpasswd.txt',
      'app://renderer/%2e%2e/%2e%2e/secret.json',
      'app://evil/index.html',
      'app://renderer/missing.js',
    ]) {
      const response = await get(url)
      expect(response.status, url).toBe(404)
      expect(response.headers.get('content-security-policy')).toBeTruthy()
    }
  })

  it('refuses methods other than GET and HEAD', async () => {
    expect((await get('app://renderer/index.html', 'POST')).status).toBe(405)
    const head = await get('app://renderer/index.html', 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })
})
