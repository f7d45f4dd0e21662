import { Button, Flex, RadioGroup, Text, TextArea, TextField } from '@radix-ui/themes'
import { type ReactNode, useId, useRef, useState } from 'react'
import { MAX_SOURCE_TITLE_LENGTH, MAX_TRANSCRIPT_LENGTH } from '../../../../contract/studio-knowledge'
import { addTranscriptSource } from '../../api/studio-knowledge'
import { FormField, focusFirstInvalid } from '../../ui/form-parts'
import { knowledgeStrings as s } from './knowledge.strings'
import { SourceDialog, SourceFormFooter, useAddSource } from './SourceDialog'
import {
  emptyTranscriptDraft,
  isTranscriptFileName,
  readTranscriptDraft,
  type TranscriptDraft,
  type TranscriptField,
} from './source-forms'

const t = s.transcript

/**
 * A YouTube video or a podcast episode with its transcript, pasted or chosen as an .srt / .vtt file. The
 * file is read here and sent as the transcript's text (the server parses SRT and WebVTT alike): .vtt is
 * not an upload type, and the text is all the server keeps of it.
 */
export function AddTranscriptDialog({ slug, trigger }: Readonly<{ slug: string; trigger: ReactNode }>) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<TranscriptDraft>(emptyTranscriptDraft)
  const [touched, setTouched] = useState<ReadonlySet<TranscriptField>>(new Set())
  const [fileError, setFileError] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const ids = { type: useId(), from: useId() }
  const add = useAddSource(slug, addTranscriptSource, () => {
    setOpen(false)
    setDraft(emptyTranscriptDraft())
    setTouched(new Set())
  })
  const reading = readTranscriptDraft(draft)
  const shown = (field: TranscriptField) =>
    touched.has(field) && !reading.ok ? reading.errors[field] : undefined
  const touch = (field: TranscriptField) => setTouched((current) => new Set(current).add(field))
  const change = (patch: Partial<TranscriptDraft>) => setDraft((current) => ({ ...current, ...patch }))

  const chooseFile = async (file: File | undefined) => {
    if (!file) return
    setFileError(null)
    if (!isTranscriptFileName(file.name)) {
      setFileError(t.fileType)
      return
    }
    try {
      change({ file: { name: file.name, text: await file.text() } })
      touch('transcript')
    } catch (error) {
      console.warn('Reading a transcript file failed', error)
      setFileError(t.fileUnreadable)
    }
  }

  const transcriptError = fileError ?? shown('transcript')
  const youtube = draft.type === 'Youtube'
  const pastedLength = draft.pasted.trim().length

  return (
    <SourceDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={t.title}
      description={t.description}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setTouched(new Set(['url', 'title', 'transcript']))
          if (!reading.ok) focusFirstInvalid(event.currentTarget)
          else if (!add.isPending) add.mutate(reading.input)
        }}
      >
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Text as="div" size="2" weight="medium" id={ids.type}>
              {t.typeLabel}
            </Text>
            <RadioGroup.Root
              aria-labelledby={ids.type}
              value={draft.type}
              onValueChange={(value) => change({ type: value as TranscriptDraft['type'] })}
              className="knowledge-radios"
            >
              <RadioGroup.Item value="Youtube">{t.youtube}</RadioGroup.Item>
              <RadioGroup.Item value="Podcast">{t.podcast}</RadioGroup.Item>
            </RadioGroup.Root>
          </Flex>

          <FormField label={youtube ? t.youtubeUrlLabel : t.podcastUrlLabel} error={shown('url')}>
            {(props) => (
              <TextField.Root
                {...props}
                type="url"
                inputMode="url"
                spellCheck={false}
                placeholder={youtube ? 'https://www.youtube.com/watch?v=…' : s.form.urlPlaceholder}
                value={draft.url}
                onChange={(event) => change({ url: event.target.value })}
                onBlur={() => draft.url && touch('url')}
              />
            )}
          </FormField>

          <FormField label={s.form.titleLabel} error={shown('title')}>
            {(props) => (
              <TextField.Root
                {...props}
                maxLength={MAX_SOURCE_TITLE_LENGTH + 50}
                placeholder={youtube ? t.titlePlaceholderYoutube : t.titlePlaceholderPodcast}
                value={draft.title}
                onChange={(event) => change({ title: event.target.value })}
                onBlur={() => draft.title && touch('title')}
              />
            )}
          </FormField>

          <Flex direction="column" gap="1">
            <Text as="div" size="2" weight="medium" id={ids.from}>
              {t.transcriptFrom}
            </Text>
            <RadioGroup.Root
              aria-labelledby={ids.from}
              value={draft.from}
              onValueChange={(value) => {
                setFileError(null)
                change({ from: value as TranscriptDraft['from'] })
              }}
              className="knowledge-radios"
            >
              <RadioGroup.Item value="paste">{t.paste}</RadioGroup.Item>
              <RadioGroup.Item value="file">{t.upload}</RadioGroup.Item>
            </RadioGroup.Root>
          </Flex>

          {draft.from === 'paste' ? (
            <FormField
              label={t.pasteLabel}
              error={transcriptError}
              counter={
                pastedLength > MAX_TRANSCRIPT_LENGTH / 2
                  ? {
                      text: s.form.counter(pastedLength, MAX_TRANSCRIPT_LENGTH),
                      over: pastedLength > MAX_TRANSCRIPT_LENGTH,
                    }
                  : undefined
              }
            >
              {(props) => (
                <TextArea
                  {...props}
                  rows={8}
                  spellCheck={false}
                  className="knowledge-transcript"
                  placeholder={t.pastePlaceholder}
                  value={draft.pasted}
                  onChange={(event) => change({ pasted: event.target.value })}
                  onBlur={() => draft.pasted && touch('transcript')}
                />
              )}
            </FormField>
          ) : (
            <Flex direction="column" gap="1">
              <Flex align="center" gap="3" wrap="wrap">
                <Button type="button" variant="soft" onClick={() => fileInput.current?.click()}>
                  {t.fileLabel}
                </Button>
                {draft.file ? (
                  <Text size="2" color="gray" className="knowledge-file-name">
                    {t.fileChosen(draft.file.name, draft.file.text.trim().length)}
                  </Text>
                ) : null}
              </Flex>
              <input
                ref={fileInput}
                type="file"
                accept=".srt,.vtt"
                hidden
                aria-label={t.fileLabel}
                onChange={(event) => {
                  void chooseFile(event.target.files?.[0])
                  event.target.value = ''
                }}
              />
              {transcriptError ? (
                <Text size="1" color="red" role="alert">
                  {transcriptError}
                </Text>
              ) : null}
            </Flex>
          )}

          <SourceFormFooter error={add.error} submitLabel={t.submit} pending={add.isPending} />
        </Flex>
      </form>
    </SourceDialog>
  )
}
