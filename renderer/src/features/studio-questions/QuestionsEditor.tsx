import { Button, Flex, IconButton, Text, TextField } from '@radix-ui/themes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import {
  MAX_QUESTION_LENGTH,
  MAX_SUGGESTED_QUESTIONS,
  type StudioQuestion,
} from '../../../../contract/studio'
import { serverMessageOr } from '../../api/client'
import { replaceStudioQuestions, studioQuestionsQuery } from '../../api/studio'
import {
  type DraftQuestion,
  draftOf,
  emptyQuestion,
  isChanged,
  isValidDraft,
  move,
  problemOf,
  toInput,
} from './questions-draft'
import { studioQuestionsStrings as s } from './studio-questions.strings'

/**
 * The list of suggested questions as the team edits it: inline text, add, remove, move up/down, and one
 * Save that sends the whole list (the server replaces it in one transaction). Nothing typed is lost on an
 * error; after a save the clone's profile queries are refreshed, so its profile and the talk start screen
 * show the new questions at once (spec 1 §2).
 */
export function QuestionsEditor({ slug, saved }: Readonly<{ slug: string; saved: StudioQuestion[] }>) {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<DraftQuestion[]>(() => draftOf(saved))
  const [base, setBase] = useState<StudioQuestion[]>(saved)
  const focusNext = useRef<string | null>(null)
  const controls = useRef(new Map<string, HTMLElement>())
  const changed = isChanged(draft, base)
  const valid = isValidDraft(draft)

  const save = useMutation({
    mutationFn: () => replaceStudioQuestions(slug, { questions: toInput(draft) }),
    onSuccess: async ({ questions }) => {
      setBase(questions)
      setDraft(draftOf(questions))
      queryClient.setQueryData(studioQuestionsQuery(slug).queryKey, { questions })
      toast.success(s.saved)
      // Every cached profile of the clone (its instances too) and the directory.
      await queryClient.invalidateQueries({ queryKey: ['clone', slug] })
    },
    onError: (error) => console.warn('Save suggested questions failed', error),
  })

  // Leaving with unsaved changes asks first (the browser's own prompt).
  useEffect(() => {
    if (!changed) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [changed])

  // Keyboard users keep their place: focus follows a moved, added or removed row.
  useEffect(() => {
    const target = focusNext.current
    focusNext.current = null
    if (target) controls.current.get(target)?.focus()
  })

  const setRef = (name: string) => (el: HTMLElement | null) => {
    if (el) controls.current.set(name, el)
    else controls.current.delete(name)
  }
  const edit = (key: string, question: string) =>
    setDraft((list) => list.map((q) => (q.key === key ? { ...q, question } : q)))
  const moveRow = (index: number, by: -1 | 1) => {
    const key = draft[index]!.key
    const to = index + by
    const edge = to === 0 || to === draft.length - 1
    focusNext.current = `${key}:${edge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`
    setDraft(move(draft, index, by))
  }
  const remove = (index: number) => {
    const next = draft[index + 1] ?? draft[index - 1]
    focusNext.current = next ? `${next.key}:text` : 'add'
    setDraft(draft.filter((_, i) => i !== index))
  }
  const add = () => {
    const question = emptyQuestion()
    focusNext.current = `${question.key}:text`
    setDraft([...draft, question])
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        if (changed && valid && !save.isPending) save.mutate()
      }}
    >
      <Flex direction="column" gap="3">
        {draft.length === 0 ? <Text color="gray">{s.empty}</Text> : null}
        <ol className="studio-questions-list" aria-label={s.listLabel}>
          {draft.map((q, index) => {
            const n = index + 1
            const problem = problemOf(q.question)
            const errorId = `question-${q.key}-problem`
            return (
              <li key={q.key} className="studio-questions-row">
                <Flex gap="2" align="start">
                  <Flex direction="column" gap="1" flexGrow="1">
                    <TextField.Root
                      ref={setRef(`${q.key}:text`)}
                      aria-label={s.questionLabel(n)}
                      placeholder={s.placeholder}
                      value={q.question}
                      onChange={(event) => edit(q.key, event.target.value)}
                      aria-invalid={problem !== null}
                      aria-describedby={problem ? errorId : undefined}
                    />
                    {problem ? (
                      <Text id={errorId} size="1" color="red">
                        {problem === 'tooLong' ? s.problems.tooLong(MAX_QUESTION_LENGTH) : s.problems.empty}
                      </Text>
                    ) : null}
                  </Flex>
                  <IconButton
                    type="button"
                    variant="soft"
                    color="gray"
                    ref={setRef(`${q.key}:up`)}
                    aria-label={s.moveUp(n)}
                    disabled={index === 0}
                    onClick={() => moveRow(index, -1)}
                  >
                    <span aria-hidden="true">↑</span>
                  </IconButton>
                  <IconButton
                    type="button"
                    variant="soft"
                    color="gray"
                    ref={setRef(`${q.key}:down`)}
                    aria-label={s.moveDown(n)}
                    disabled={index === draft.length - 1}
                    onClick={() => moveRow(index, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                  </IconButton>
                  <IconButton
                    type="button"
                    variant="soft"
                    color="red"
                    aria-label={s.remove(n)}
                    onClick={() => remove(index)}
                  >
                    <span aria-hidden="true">×</span>
                  </IconButton>
                </Flex>
              </li>
            )
          })}
        </ol>
        <Flex gap="2" align="center" wrap="wrap">
          <Button
            type="button"
            variant="soft"
            ref={setRef('add')}
            disabled={draft.length >= MAX_SUGGESTED_QUESTIONS}
            onClick={add}
          >
            {s.add}
          </Button>
          {draft.length >= MAX_SUGGESTED_QUESTIONS ? (
            <Text size="2" color="gray">
              {s.max(MAX_SUGGESTED_QUESTIONS)}
            </Text>
          ) : null}
        </Flex>
        {save.isError ? (
          <Text role="alert" color="red">
            {serverMessageOr(save.error, s.saveFailed)}
          </Text>
        ) : null}
        <Flex gap="3" align="center" wrap="wrap">
          <Button type="submit" disabled={!changed || !valid || save.isPending}>
            {save.isPending ? s.saving : s.save}
          </Button>
          {/* Always in the page, so screen readers hear the hint when it appears. */}
          <Text role="status" color="amber">
            {changed ? s.unsaved : null}
          </Text>
          {changed ? (
            <Button
              type="button"
              variant="ghost"
              color="gray"
              disabled={save.isPending}
              onClick={() => setDraft(draftOf(base))}
            >
              {s.discard}
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </form>
  )
}
