import { Flex, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { LANGUAGES } from '../../../../contract'
import { studioVoicesQuery } from '../../api/studio-clones'
import { FieldLabel } from '../../ui/form-parts'
import { type DraftProps, SettingsSection, TextInput, Toggle } from './SettingsSections'
import { studioStrings } from './studio.strings'
import { VoicePreviewButton } from './VoicePreviewButton'

const s = studioStrings.settings

/**
 * Language and voice (issue #16): the clone's language, its voice (eSpeak NG's list for the language on the
 * embedded default, an ElevenLabs voice id when configured), a spoken preview, and the call switches.
 */
export function VoiceSection({ draft, change }: DraftProps) {
  const voices = useQuery(studioVoicesQuery())
  const choices = voices.data?.voices.filter((v) => v.language === draft.language) ?? []
  const elevenLabs = voices.data?.provider === 'elevenlabs'
  return (
    <SettingsSection title={s.voice} id="settings-voice">
      <div>
        <FieldLabel htmlFor="clone-language-setting">{s.language}</FieldLabel>
        <select
          id="clone-language-setting"
          className="studio-select"
          value={draft.language}
          // Another language's eSpeak voice cannot speak this one: the choice starts again.
          onChange={(e) =>
            change((d) => ({ ...d, language: e.target.value, voiceId: elevenLabs ? d.voiceId : '' }))
          }
        >
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
      {elevenLabs ? (
        <div>
          <TextInput
            id="clone-voice"
            label={s.elevenLabsVoice}
            value={draft.voiceId}
            onChange={(voiceId) => change((d) => ({ ...d, voiceId }))}
          />
          <Text size="1" color="gray">
            {s.elevenLabsHint}
          </Text>
        </div>
      ) : (
        <div>
          <FieldLabel htmlFor="clone-voice">{s.voiceChoice}</FieldLabel>
          <select
            id="clone-voice"
            className="studio-select"
            value={draft.voiceId}
            onChange={(e) => change((d) => ({ ...d, voiceId: e.target.value }))}
          >
            <option value="">{s.noVoice}</option>
            {/* A voice saved before (another provider's) stays selectable as it is. */}
            {draft.voiceId && !choices.some((v) => v.id === draft.voiceId) ? (
              <option value={draft.voiceId}>{draft.voiceId}</option>
            ) : null}
            {choices.map((v) => (
              <option key={v.id} value={v.id}>
                {v.label}
              </option>
            ))}
          </select>
          {voices.data && choices.length === 0 ? (
            <Text size="1" color="gray">
              {s.espeakUnavailable}
            </Text>
          ) : null}
        </div>
      )}
      <Flex>
        <VoicePreviewButton
          request={() => ({ language: draft.language, voiceId: draft.voiceId.trim() || null })}
          label={s.previewVoice}
          playingLabel={s.previewing}
        />
      </Flex>
      <Toggle
        label={s.allowVoice}
        checked={draft.allowVoice}
        onChange={(allowVoice) => change((d) => ({ ...d, allowVoice }))}
      />
      <Toggle
        label={s.allowVideo}
        checked={draft.allowVideo}
        onChange={(allowVideo) => change((d) => ({ ...d, allowVideo }))}
      />
    </SettingsSection>
  )
}
