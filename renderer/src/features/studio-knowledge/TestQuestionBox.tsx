import { Button, Callout, Flex, Heading, Spinner, Text, TextArea } from '@radix-ui/themes'
import { useMutation } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { serverMessageOr } from '../../api/client'
import { askTestQuestion } from '../../api/studio-knowledge'
import { knowledgeStrings as s } from './knowledge.strings'
import { TestAnswerView } from './TestAnswerView'

const t = s.test
/** contract TestQuestion: 1 to 2,000 characters after trimming. */
const MAX_TEST_QUESTION_LENGTH = 2000

/**
 * The studio's test box (issue #16): ask the clone, public or not, and see its answer with the sources it
 * cites, before visitors do. Nothing is stored or counted. The question stays in the box to be refined.
 */
export function TestQuestionBox({ slug }: Readonly<{ slug: string }>) {
  const [question, setQuestion] = useState('')
  const ids = { box: useId(), hint: useId(), note: useId() }
  const trimmed = question.trim()
  const tooLong = trimmed.length > MAX_TEST_QUESTION_LENGTH
  const ask = useMutation({
    mutationFn: (text: string) => askTestQuestion(slug, { question: text }),
    onError: (error) => console.warn('Test question failed', error),
  })
  const canAsk = trimmed.length > 0 && !tooLong && !ask.isPending
  const submit = () => {
    if (canAsk) ask.mutate(trimmed)
  }

  return (
    <section className="knowledge-test" aria-labelledby={`${ids.box}-heading`}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id={`${ids.box}-heading`}>
          {t.heading}
        </Heading>
        <Text size="2" color="gray" id={ids.note}>
          {t.note}
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <Flex direction="column" gap="2">
            <Text as="label" htmlFor={ids.box} size="2" weight="medium">
              {t.label}
            </Text>
            <TextArea
              id={ids.box}
              rows={3}
              value={question}
              placeholder={t.placeholder}
              aria-describedby={`${ids.hint} ${ids.note}`}
              aria-invalid={tooLong}
              onChange={(event) => setQuestion(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
                  event.preventDefault()
                  submit()
                }
              }}
            />
            <Flex justify="between" align="center" gap="3">
              <Text id={ids.hint} size="1" color={tooLong ? 'red' : 'gray'}>
                {tooLong ? t.tooLong : t.shortcut}
              </Text>
              <Button type="submit" disabled={!canAsk} loading={ask.isPending}>
                {t.ask}
              </Button>
            </Flex>
          </Flex>
        </form>
        <div aria-live="polite" className="knowledge-test__result">
          {ask.isPending ? (
            <Flex align="center" gap="2" role="status">
              <Spinner size="2" />
              <Text size="2" color="gray">
                {t.pending}
              </Text>
            </Flex>
          ) : ask.isError ? (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{serverMessageOr(ask.error, t.failed)}</Callout.Text>
            </Callout.Root>
          ) : ask.data ? (
            <TestAnswerView answer={ask.data} />
          ) : null}
        </div>
      </Flex>
    </section>
  )
}
