import { Flex, TextArea } from '@radix-ui/themes'
import { type ReactNode, useState } from 'react'
import { MAX_QA_ANSWER_LENGTH, MAX_QA_QUESTION_LENGTH } from '../../../../contract/studio-knowledge'
import { addQaSource } from '../../api/studio-knowledge'
import { FormField, focusFirstInvalid } from '../../ui/form-parts'
import { knowledgeStrings as s } from './knowledge.strings'
import { SourceDialog, SourceFormFooter, useAddSource } from './SourceDialog'
import { type QaDraft, readQaDraft } from './source-forms'

const empty: QaDraft = { question: '', answer: '' }
const counter = (text: string, max: number) => {
  const length = text.trim().length
  return { text: s.form.counter(length, max), over: length > max }
}

/** Write a question and the creator's own answer ('Answer Provided by the Clone Creator'). */
export function AddQaDialog({ slug, trigger }: Readonly<{ slug: string; trigger: ReactNode }>) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<QaDraft>(empty)
  const [touched, setTouched] = useState<ReadonlySet<keyof QaDraft>>(new Set())
  const add = useAddSource(slug, addQaSource, () => {
    setOpen(false)
    setDraft(empty)
    setTouched(new Set())
  })
  const reading = readQaDraft(draft)
  const shown = (field: keyof QaDraft) =>
    touched.has(field) && !reading.ok ? reading.errors[field] : undefined
  const touch = (field: keyof QaDraft) => {
    if (draft[field]) setTouched((current) => new Set(current).add(field))
  }

  return (
    <SourceDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={s.qa.title}
      description={s.qa.description(s.creatorAnswer)}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setTouched(new Set(['question', 'answer']))
          if (!reading.ok) focusFirstInvalid(event.currentTarget)
          else if (!add.isPending) add.mutate(reading.input)
        }}
      >
        <Flex direction="column" gap="4">
          <FormField
            label={s.qa.questionLabel}
            error={shown('question')}
            counter={counter(draft.question, MAX_QA_QUESTION_LENGTH)}
          >
            {(props) => (
              <TextArea
                {...props}
                rows={2}
                placeholder={s.qa.questionPlaceholder}
                value={draft.question}
                onChange={(event) => setDraft({ ...draft, question: event.target.value })}
                onBlur={() => touch('question')}
              />
            )}
          </FormField>
          <FormField
            label={s.qa.answerLabel}
            error={shown('answer')}
            counter={counter(draft.answer, MAX_QA_ANSWER_LENGTH)}
          >
            {(props) => (
              <TextArea
                {...props}
                rows={7}
                placeholder={s.qa.answerPlaceholder}
                value={draft.answer}
                onChange={(event) => setDraft({ ...draft, answer: event.target.value })}
                onBlur={() => touch('answer')}
              />
            )}
          </FormField>
          <SourceFormFooter error={add.error} submitLabel={s.qa.submit} pending={add.isPending} />
        </Flex>
      </form>
    </SourceDialog>
  )
}
