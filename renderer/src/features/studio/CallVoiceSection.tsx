import { Button, Callout, Flex, IconButton, Text, TextArea, TextField } from '@radix-ui/themes'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'
import { LANGUAGES } from '../../../../contract'
import {
  type CloneVoiceSettings,
  ENDPOINTING_CHOICES,
  MAX_FIRST_MESSAGE,
  MAX_PRONUNCIATIONS,
  PROVIDER_TUNING,
  TRANSCRIBER_MODELS,
  VOICE_SETTING_PROVIDERS,
  type VoiceSettingProvider,
} from '../../../../contract/voice-settings'
import { serverMessageOr } from '../../api/client'
import { saveVoiceSettings, studioVoicesQuery, voiceSettingsQuery } from '../../api/studio-clones'
import { FieldLabel } from '../../ui/form-parts'
import { QueryState } from './QueryState'
import { SettingsSection } from './SettingsSections'
import { studioStrings } from './studio.strings'
import { type PreviewRequest, VoicePreviewButton } from './VoicePreviewButton'
import {
  canAddPronunciation,
  newRowKey,
  type PronunciationProblem,
  type PronunciationRow,
  pronunciationProblems,
  sameVoiceDraft,
  usablePronunciations,
  type VoiceDraft,
  voiceDraftOf,
  voiceSettingsOfDraft,
} from './voice-settings-draft'

const s = studioStrings.callVoice

const languageName = (code: string) => LANGUAGES.find((l) => l.code === code)?.name ?? code
const isSupported = (provider: string): provider is VoiceSettingProvider =>
  (VOICE_SETTING_PROVIDERS as readonly string[]).includes(provider)

export interface CallVoiceClone {
  slug: string
  /** The clone's own language: its first message is always offered. */
  language: string
  /** The voice chosen in 'Language and voice' (eSpeak NG's, or an ElevenLabs id), as saved. */
  voiceId: string | null
}

/**
 * The clone's call voice (issue #26 part 2, spec 2 §3 'cloneVoiceSettings', 'wordPhonemeMapping'): the call
 * provider and its tuning, the pronunciations every speaker applies, and the first message per language,
 * each one heard before it is saved. Saved on its own (PUT /api/studio/:slug/voice-settings); a contributor
 * reads it.
 */
export function CallVoiceSection({
  clone,
  editable,
}: Readonly<{ clone: CallVoiceClone; editable: boolean }>) {
  const settings = useQuery(voiceSettingsQuery(clone.slug))
  const texts = {
    loading: studioStrings.loading,
    loadFailed: s.loadFailed,
    retry: studioStrings.retry,
  }
  return (
    <SettingsSection title={s.title} id="settings-call-voice">
      <Text size="2" color="gray">
        {s.intro}
      </Text>
      <QueryState queries={[settings]} texts={texts}>
        {(saved) => <CallVoiceForm key={clone.slug} clone={clone} saved={saved} editable={editable} />}
      </QueryState>
    </SettingsSection>
  )
}

function CallVoiceForm({
  clone,
  saved,
  editable,
}: Readonly<{ clone: CallVoiceClone; saved: CloneVoiceSettings; editable: boolean }>) {
  const queryClient = useQueryClient()
  const voices = useQuery(studioVoicesQuery())
  const [base, setBase] = useState(() => voiceDraftOf(saved, clone.language))
  const [draft, setDraft] = useState<VoiceDraft>(base)
  const [pending, setPending] = useState(false)
  const problems = pronunciationProblems(draft.pronunciations)
  const dirty = !sameVoiceDraft(base, draft)
  const supported = isSupported(draft.provider)
  const tuning = supported ? PROVIDER_TUNING[draft.provider as VoiceSettingProvider] : null
  const change = (update: (d: VoiceDraft) => VoiceDraft) => setDraft(update)

  /** The voice the server's own speech uses for these settings (server/calls/voice-settings.ts). */
  const previewVoice = () =>
    voices.data?.provider === 'elevenlabs' && draft.provider === '11labs' && draft.voiceId.trim()
      ? draft.voiceId.trim()
      : clone.voiceId
  const preview = (text: string, language: string) => () => ({
    language,
    voiceId: previewVoice(),
    text,
    pronunciations: usablePronunciations(draft.pronunciations),
    speed: tuning?.speed ? draft.speed : null,
    stability: tuning?.stability ? draft.stability : null,
  })

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!editable || pending || problems.size > 0 || !supported) return
    setPending(true)
    try {
      const next = await saveVoiceSettings(clone.slug, voiceSettingsOfDraft(draft))
      queryClient.setQueryData(voiceSettingsQuery(clone.slug).queryKey, next)
      const fresh = voiceDraftOf(next, clone.language)
      setBase(fresh)
      setDraft(fresh)
      toast.success(s.saved)
    } catch (error) {
      // The draft stays as typed: the message names what to fix.
      toast.error(serverMessageOr(error, s.saveFailed))
    } finally {
      setPending(false)
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label={s.title} noValidate>
      <fieldset disabled={!editable || pending} className="studio-settings-fieldset">
        <Flex direction="column" gap="4">
          <ProviderFields draft={draft} change={change} supported={supported} />
          {tuning?.speed ? (
            <TuningSlider
              id="call-voice-speed"
              label={s.speed}
              min={0.7}
              max={1.2}
              step={0.05}
              fallback={1}
              value={draft.speed}
              onChange={(speed) => change((d) => ({ ...d, speed }))}
            />
          ) : null}
          {tuning?.stability ? (
            <TuningSlider
              id="call-voice-stability"
              label={s.stability}
              hint={s.stabilityHint}
              min={0}
              max={1}
              step={0.05}
              fallback={0.5}
              value={draft.stability}
              onChange={(stability) => change((d) => ({ ...d, stability }))}
            />
          ) : null}
          <PronunciationsEditor
            rows={draft.pronunciations}
            problems={problems}
            canAdd={canAddPronunciation(draft)}
            onChange={(pronunciations) => change((d) => ({ ...d, pronunciations }))}
            preview={(word) => preview(word, clone.language)}
          />
          <FirstMessagesEditor
            rows={draft.firstMessages}
            onChange={(firstMessages) => change((d) => ({ ...d, firstMessages }))}
            preview={preview}
          />
        </Flex>
      </fieldset>
      {editable ? (
        <Flex gap="3" align="center" justify="end" wrap="wrap" mt="4">
          {problems.size > 0 ? (
            <Text size="2" color="red" role="status">
              {s.fixFirst}
            </Text>
          ) : null}
          {dirty ? (
            <Button type="button" variant="soft" color="gray" onClick={() => setDraft(base)}>
              {studioStrings.settings.discard}
            </Button>
          ) : null}
          <Button type="submit" loading={pending} disabled={!dirty || problems.size > 0 || !supported}>
            {pending ? s.saving : s.save}
          </Button>
        </Flex>
      ) : null}
    </form>
  )
}

type Change = (update: (d: VoiceDraft) => VoiceDraft) => void

function ProviderFields({
  draft,
  change,
  supported,
}: Readonly<{ draft: VoiceDraft; change: Change; supported: boolean }>) {
  return (
    <>
      <div>
        <FieldLabel htmlFor="call-voice-provider">{s.provider}</FieldLabel>
        <select
          id="call-voice-provider"
          className="studio-select"
          value={draft.provider}
          aria-invalid={!supported}
          onChange={(e) => change((d) => ({ ...d, provider: e.target.value }))}
        >
          {/* A provider saved by an older build stays visible, marked, until another is chosen. */}
          {supported ? null : <option value={draft.provider}>{draft.provider}</option>}
          {VOICE_SETTING_PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {s.providers[p]}
            </option>
          ))}
        </select>
        {supported ? null : (
          <Callout.Root color="red" size="1" mt="2" role="alert">
            <Callout.Text>{s.unsupportedProvider}</Callout.Text>
          </Callout.Root>
        )}
      </div>
      <div>
        <FieldLabel htmlFor="call-voice-id">{s.providerVoice}</FieldLabel>
        <TextField.Root
          id="call-voice-id"
          value={draft.voiceId}
          maxLength={100}
          aria-describedby="call-voice-id-hint"
          onChange={(e) => change((d) => ({ ...d, voiceId: e.target.value }))}
        />
        <Text size="1" color="gray" id="call-voice-id-hint">
          {s.providerVoiceHint}
        </Text>
      </div>
      <Flex gap="4" wrap="wrap">
        <div>
          <FieldLabel htmlFor="call-voice-endpointing">{s.endpointing}</FieldLabel>
          <select
            id="call-voice-endpointing"
            className="studio-select"
            value={draft.endpointing}
            onChange={(e) =>
              change((d) => ({ ...d, endpointing: e.target.value as VoiceDraft['endpointing'] }))
            }
          >
            <option value="">{s.endpointingChoices.default}</option>
            {ENDPOINTING_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {s.endpointingChoices[choice]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <FieldLabel htmlFor="call-voice-transcriber">{s.transcriber}</FieldLabel>
          <select
            id="call-voice-transcriber"
            className="studio-select"
            value={draft.transcriberModel}
            onChange={(e) =>
              change((d) => ({ ...d, transcriberModel: e.target.value as VoiceDraft['transcriberModel'] }))
            }
          >
            <option value="">{s.transcriberDefault}</option>
            {TRANSCRIBER_MODELS.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
        </div>
      </Flex>
    </>
  )
}

/** A provider tuning: a range with its value shown; unset means the provider's default. */
function TuningSlider({
  id,
  label,
  hint,
  min,
  max,
  step,
  fallback,
  value,
  onChange,
}: Readonly<{
  id: string
  label: string
  hint?: string
  min: number
  max: number
  step: number
  fallback: number
  value: number | null
  onChange: (value: number | null) => void
}>) {
  const shown = value ?? fallback
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Flex gap="3" align="center" wrap="wrap">
        <input
          id={id}
          type="range"
          className="studio-range"
          min={min}
          max={max}
          step={step}
          value={shown}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(Number(e.target.value))}
        />
        <output htmlFor={id} className="studio-range-value">
          {value === null ? '—' : shown.toFixed(2)}
        </output>
        {value === null ? null : (
          <Button type="button" variant="ghost" size="1" onClick={() => onChange(null)}>
            {s.useDefault}
          </Button>
        )}
      </Flex>
      {hint ? (
        <Text size="1" color="gray" id={`${id}-hint`}>
          {hint}
        </Text>
      ) : null}
    </div>
  )
}

function PronunciationsEditor({
  rows,
  problems,
  canAdd,
  onChange,
  preview,
}: Readonly<{
  rows: PronunciationRow[]
  problems: ReadonlyMap<string, PronunciationProblem>
  canAdd: boolean
  onChange: (rows: PronunciationRow[]) => void
  preview: (word: string) => () => PreviewRequest
}>) {
  const headingId = useId()
  const update = (key: string, patch: Partial<PronunciationRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)))
  const add = () => {
    const key = newRowKey()
    onChange([...rows, { key, word: '', kind: 'respelling', say: '' }])
    // The new row's word field takes the focus once it is drawn.
    requestAnimationFrame(() => document.getElementById(`${key}-word`)?.focus())
  }
  const remove = (index: number) => {
    const next = rows.filter((_, i) => i !== index)
    onChange(next)
    // Focus stays in the list: on the row that took this one's place, else on 'Add a word'.
    const neighbour = next[index] ?? next[index - 1]
    requestAnimationFrame(() =>
      document.getElementById(neighbour ? `${neighbour.key}-word` : `${headingId}-add`)?.focus(),
    )
  }
  return (
    <fieldset className="studio-settings-fieldset studio-voice-group" aria-describedby={`${headingId}-hint`}>
      <legend className="studio-legend">{s.pronunciations}</legend>
      <Text as="p" size="1" color="gray" mb="2" id={`${headingId}-hint`}>
        {s.pronunciationsHint}
      </Text>
      {rows.length === 0 ? (
        <Text as="p" size="2" color="gray" mb="2">
          {s.noPronunciations}
        </Text>
      ) : (
        <ul className="studio-pronunciations">
          {rows.map((row, index) => {
            const problem = problems.get(row.key)
            const errorId = `${row.key}-error`
            return (
              <li key={row.key} className="studio-pronunciation">
                <div>
                  <FieldLabel htmlFor={`${row.key}-word`}>{s.word}</FieldLabel>
                  <TextField.Root
                    id={`${row.key}-word`}
                    value={row.word}
                    maxLength={60}
                    aria-invalid={
                      problem === 'wordMissing' || problem === 'wordInvalid' || problem === 'wordTwice'
                    }
                    aria-describedby={problem ? errorId : undefined}
                    onChange={(e) => update(row.key, { word: e.target.value })}
                  />
                </div>
                <div>
                  <FieldLabel htmlFor={`${row.key}-kind`}>{s.kind}</FieldLabel>
                  <select
                    id={`${row.key}-kind`}
                    className="studio-select"
                    value={row.kind}
                    onChange={(e) => update(row.key, { kind: e.target.value as PronunciationRow['kind'] })}
                  >
                    <option value="respelling">{s.kinds.respelling}</option>
                    <option value="phonemes">{s.kinds.phonemes}</option>
                  </select>
                </div>
                <div>
                  <FieldLabel htmlFor={`${row.key}-say`}>{s.say}</FieldLabel>
                  <TextField.Root
                    id={`${row.key}-say`}
                    value={row.say}
                    maxLength={120}
                    aria-invalid={problem === 'sayMissing'}
                    aria-describedby={problem ? errorId : undefined}
                    onChange={(e) => update(row.key, { say: e.target.value })}
                  />
                </div>
                <Flex gap="2" align="end" className="studio-pronunciation-actions">
                  <VoicePreviewButton
                    request={preview(row.word.trim())}
                    label={s.hear}
                    playingLabel={s.hearing}
                    ariaLabel={s.hearThis(row.word.trim() || s.word)}
                    disabled={Boolean(problem)}
                  />
                  <IconButton
                    type="button"
                    variant="soft"
                    color="gray"
                    aria-label={row.word.trim() ? s.removeWord(row.word.trim()) : s.removeEmptyWord}
                    onClick={() => remove(index)}
                  >
                    <span aria-hidden="true">×</span>
                  </IconButton>
                </Flex>
                {problem ? (
                  <Text size="1" color="red" id={errorId} className="studio-pronunciation-error">
                    {s[problem]}
                  </Text>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
      <Button type="button" variant="soft" id={`${headingId}-add`} onClick={add} disabled={!canAdd}>
        {s.addWord}
      </Button>
      {canAdd ? null : (
        <Text as="p" size="1" color="gray">
          {s.tooManyWords(MAX_PRONUNCIATIONS)}
        </Text>
      )}
    </fieldset>
  )
}

function FirstMessagesEditor({
  rows,
  onChange,
  preview,
}: Readonly<{
  rows: VoiceDraft['firstMessages']
  onChange: (rows: VoiceDraft['firstMessages']) => void
  preview: (text: string, language: string) => () => PreviewRequest
}>) {
  const headingId = useId()
  const missing = LANGUAGES.filter((l) => !rows.some((row) => row.language === l.code))
  const setText = (language: string, text: string) =>
    onChange(rows.map((row) => (row.language === language ? { ...row, text } : row)))
  const add = (language: string) => {
    if (!language) return
    onChange([...rows, { language, text: '' }])
    requestAnimationFrame(() => document.getElementById(`first-message-${language}`)?.focus())
  }
  const remove = (language: string) => {
    onChange(rows.filter((row) => row.language !== language))
    requestAnimationFrame(() => document.getElementById(`${headingId}-add`)?.focus())
  }
  return (
    <fieldset className="studio-settings-fieldset studio-voice-group" aria-describedby={`${headingId}-hint`}>
      <legend className="studio-legend">{s.firstMessages}</legend>
      <Text as="p" size="1" color="gray" mb="2" id={`${headingId}-hint`}>
        {s.firstMessagesHint}
      </Text>
      <Flex direction="column" gap="3">
        {rows.map((row, index) => {
          const name = languageName(row.language)
          return (
            <div key={row.language}>
              <FieldLabel htmlFor={`first-message-${row.language}`}>{s.firstMessageIn(name)}</FieldLabel>
              <TextArea
                id={`first-message-${row.language}`}
                rows={2}
                maxLength={MAX_FIRST_MESSAGE}
                lang={row.language}
                value={row.text}
                onChange={(e) => setText(row.language, e.target.value)}
              />
              <Flex gap="2" mt="1">
                <VoicePreviewButton
                  request={preview(row.text.trim(), row.language)}
                  label={s.hear}
                  playingLabel={s.hearing}
                  ariaLabel={s.hearFirstMessage(name)}
                  disabled={!row.text.trim()}
                />
                {/* The clone's own language always has its row; the others can go. */}
                {index === 0 ? null : (
                  <Button type="button" variant="soft" color="gray" onClick={() => remove(row.language)}>
                    {s.removeLanguage(name)}
                  </Button>
                )}
              </Flex>
            </div>
          )
        })}
        <div>
          <FieldLabel htmlFor={`${headingId}-add`}>{s.addLanguage}</FieldLabel>
          <select
            id={`${headingId}-add`}
            className="studio-select"
            value=""
            onChange={(e) => add(e.target.value)}
          >
            <option value="">{s.addLanguagePrompt}</option>
            {missing.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
      </Flex>
    </fieldset>
  )
}
