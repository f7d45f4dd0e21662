import { expect, nextStreamEnd, STREAM_PATH, test } from '../e2e/fixtures'

/*
 * Issue #24 (npm run test:scale): one of the two servers behind the proxy is killed (SIGKILL) in the middle of
 * an answer it is streaming. The visitor's question was stored before the first word: it stays, the broken
 * answer shows as interrupted with Retry, and Retry is answered in full by the other server through the same
 * proxy; the conversation holds the question once.
 */

const COFFEE = 'How late in the day can I drink coffee without hurting my sleep?'

interface Instance {
  name: string
  url: string
  pid: number
}

test('a server killed mid-answer: the question is kept and answered through the other', async ({
  page,
  talk,
}) => {
  const instances = JSON.parse(process.env.SCALE_INSTANCES ?? '[]') as Instance[]
  expect(instances).toHaveLength(2)
  const answering = page.waitForResponse((response) => response.url().includes(STREAM_PATH))
  await talk.open()
  await talk.send(COFFEE)
  const name = (await answering).headers()['x-stack-instance']?.split('/').at(-1)
  const victim = instances.find((instance) => instance.name === name)
  expect(victim, `the answering instance (${name})`).toBeDefined()
  // Some of the answer has arrived: the server is in the middle of it.
  await expect(talk.streaming).toContainText(/\w+ \w+/)
  process.kill(victim!.pid, 'SIGKILL')

  await expect(talk.answers.getByText('Interrupted', { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(talk.questions).toHaveCount(1)

  const streamEnd = nextStreamEnd(page)
  await talk.answers.getByRole('button', { name: 'Retry' }).click()
  await streamEnd
  await expect(talk.streaming).toHaveCount(0)
  await expect(talk.answers).toHaveCount(1)
  await expect(talk.answers).toContainText('caffeine')
  await expect(talk.answers.getByText('Interrupted', { exact: true })).toHaveCount(0)

  // What the database holds, read back through the proxy (so by the server still running).
  await page.reload()
  await expect(talk.questions).toHaveCount(1)
  await expect(talk.answers).toHaveCount(1)
  await expect(talk.answers).toContainText('caffeine')
})
