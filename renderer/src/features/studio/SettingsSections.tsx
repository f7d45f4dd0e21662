import { Flex, Heading, Switch, Text, TextArea, TextField } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { MAX_WARNING_LENGTH } from '../../../../contract/studio-clones'
import { FieldLabel } from '../../ui/form-parts'
import { type SettingsDraft, SOCIAL_KEYS } from './settings-draft'
import { studioStrings } from './studio.strings'

const s = studioStrings.settings

export type DraftProps = Readonly<{
  draft: SettingsDraft
  change: (update: (draft: SettingsDraft) => SettingsDraft) => void
}>

/** One section of the settings page: a titled card-like block. */
export function SettingsSection({
  title,
  id,
  children,
}: Readonly<{ title: string; id: string; children: ReactNode }>) {
  return (
    <section className="studio-settings-section" aria-labelledby={id}>
      <Heading as="h2" size="4" id={id} mb="3">
        {title}
      </Heading>
      <Flex direction="column" gap="3">
        {children}
      </Flex>
    </section>
  )
}

export function TextInput({
  id,
  label,
  value,
  onChange,
  placeholder,
  maxLength,
}: Readonly<{
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
  maxLength?: number
}>) {
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <TextField.Root
        id={id}
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  )
}

export function Toggle({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: Readonly<{
  label: string
  checked: boolean
  onChange: (v: boolean) => void
  disabled?: boolean
  hint?: string
}>) {
  return (
    <Flex direction="column" gap="0">
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch checked={checked} disabled={disabled} onCheckedChange={onChange} />
          {label}
        </Flex>
      </Text>
      {hint ? (
        <Text size="1" color="gray" ml="7">
          {hint}
        </Text>
      ) : null}
    </Flex>
  )
}

export function SocialsSection({ draft, change }: DraftProps) {
  return (
    <SettingsSection title={s.socials} id="settings-socials">
      {SOCIAL_KEYS.map((key) => (
        <TextInput
          key={key}
          id={`social-${key}`}
          label={s.social[key]}
          value={draft.socials[key]}
          placeholder="https://"
          onChange={(value) => change((d) => ({ ...d, socials: { ...d.socials, [key]: value } }))}
        />
      ))}
    </SettingsSection>
  )
}

export function TextingSection({ draft, change }: DraftProps) {
  const hasPhone = draft.phoneNumber.trim() !== ''
  const hasTelegram = draft.telegramUsername.trim() !== ''
  return (
    <SettingsSection title={s.texting} id="settings-texting">
      <Text size="2" color="gray">
        {s.textingHint}
      </Text>
      <TextInput
        id="clone-phone"
        label={s.phoneNumber}
        value={draft.phoneNumber}
        placeholder={s.phonePlaceholder}
        onChange={(phoneNumber) => change((d) => ({ ...d, phoneNumber }))}
      />
      <Toggle
        label={s.phoneSmsEnabled}
        checked={hasPhone && draft.phoneSmsEnabled}
        disabled={!hasPhone}
        hint={hasPhone ? undefined : s.needsPhone}
        onChange={(phoneSmsEnabled) => change((d) => ({ ...d, phoneSmsEnabled }))}
      />
      <Toggle
        label={s.phoneWhatsAppEnabled}
        checked={hasPhone && draft.phoneWhatsAppEnabled}
        disabled={!hasPhone}
        onChange={(phoneWhatsAppEnabled) => change((d) => ({ ...d, phoneWhatsAppEnabled }))}
      />
      <TextInput
        id="clone-telegram"
        label={s.telegramUsername}
        value={draft.telegramUsername}
        placeholder="@"
        onChange={(telegramUsername) => change((d) => ({ ...d, telegramUsername }))}
      />
      <Toggle
        label={s.telegramEnabled}
        checked={hasTelegram && draft.telegramEnabled}
        disabled={!hasTelegram}
        hint={hasTelegram ? undefined : s.needsTelegram}
        onChange={(telegramEnabled) => change((d) => ({ ...d, telegramEnabled }))}
      />
    </SettingsSection>
  )
}

const OPTION_KEYS = [
  'requireEmail',
  'requirePhoneNumber',
  'suggestQuestions',
  'warning',
  'enableImageSending',
  'autoDial',
  'enableMultiLanguage',
] as const

export function OptionsSection({ draft, change }: DraftProps) {
  return (
    <SettingsSection title={s.options} id="settings-options">
      {OPTION_KEYS.map((key) => (
        <Toggle
          key={key}
          label={s.option[key]}
          checked={draft.options[key]}
          onChange={(value) => change((d) => ({ ...d, options: { ...d.options, [key]: value } }))}
        />
      ))}
      {draft.options.warning ? (
        <div>
          <FieldLabel htmlFor="clone-custom-warning">{s.customWarning}</FieldLabel>
          <TextArea
            id="clone-custom-warning"
            rows={2}
            maxLength={MAX_WARNING_LENGTH}
            value={draft.options.customWarning}
            onChange={(e) =>
              change((d) => ({ ...d, options: { ...d.options, customWarning: e.target.value } }))
            }
          />
        </div>
      ) : null}
    </SettingsSection>
  )
}
