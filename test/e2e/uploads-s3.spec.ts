import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { BrowserContext } from '@playwright/test'
import { type S3TestServer, startS3Server } from '../../scripts/support/s3-server'
import { type RunningServer, serverCommand, startServer } from '../../scripts/support/server-process'
import { pdf } from '../support/document-files'
import { expect, Talk, test } from './fixtures'

/*
 * Issue #24, end to end in Chromium: a server whose files live in an S3-compatible bucket (s3rver). The
 * browser sends the attachment's part straight to the bucket (a cross-origin PUT the page's CSP and the
 * bucket's CORS allow, its ETag read back), the server completes and reads it from there, and the clone
 * answers from it, citing it; the file opens from the server after its checks.
 */

const NOTE = 'The ferry to the island leaves from pier 4 at noon on Sundays.'

let s3: S3TestServer
let server: RunningServer
let dataDir: string

test.beforeAll(async () => {
  test.setTimeout(120_000)
  s3 = await startS3Server({ bucket: 'e2e-uploads' })
  dataDir = await mkdtemp(path.join(tmpdir(), 'likeness-e2e-s3-'))
  server = await startServer(serverCommand(process.env.E2E_SERVER === 'built' ? 'built' : 'tsx'), {
    ...s3.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    BRAIN_TOKEN_DELAY_MS: '5',
  })
})

test.afterAll(async () => {
  await server?.stop()
  await s3?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

test('a visitor’s attachment goes straight to the bucket and the clone answers from it', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const context: BrowserContext = await browser.newContext({ baseURL: server.url })
  const page = await context.newPage()
  const toBucket: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'PUT') toBucket.push(request.url())
  })
  const talk = new Talk(page)
  await talk.open()
  await page.getByRole('button', { name: 'More options' }).click()
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('menuitem', { name: 'Upload File' }).click()
  const file = Buffer.from(pdf(1, () => NOTE))
  await (await chooser).setFiles([{ name: 'Ferry Times.pdf', mimeType: 'application/pdf', buffer: file }])
  const attached = page.getByRole('list', { name: 'Files to send' })
  await expect(attached.getByRole('listitem')).toHaveCount(1)
  await expect(attached.getByText('Uploading')).toHaveCount(0, { timeout: 15_000 })
  expect(toBucket).toHaveLength(1)
  expect(toBucket[0]!.startsWith(`${s3.endpoint}/${s3.bucket}/files/`)).toBe(true)
  await expect.poll(() => s3.objectKeys()).toHaveLength(1)

  await talk.ask('When does the ferry to the island leave?')
  await expect(talk.answers).toHaveCount(1)
  await expect(talk.answers).toContainText('pier 4')
  await talk.answers.getByRole('button', { name: /^Sources/ }).click()
  const sources = page.getByRole('dialog', { name: 'Sources' })
  await expect(sources.getByText('ferry-times.pdf').first()).toBeVisible()
  const [key] = await s3.objectKeys()
  const served = await page.request.get(`/api/uploads/files/${key!.split('/')[1]}/ferry-times.pdf`)
  expect(served.status()).toBe(200)
  expect(Buffer.from(await served.body()).equals(file)).toBe(true)
  await context.close()
})
