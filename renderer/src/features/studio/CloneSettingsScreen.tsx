import { Badge, Button, Callout, Flex, Heading, Text, TextArea } from '@radix-ui/themes'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import {
  type CloneSettings,
  MAX_DESCRIPTION_LENGTH,
  MAX_HEADLINE_LENGTH,
  MAX_NAME_LENGTH,
} from '../../../../contract/studio-clones'
import { serverMessageOr } from '../../api/client'
import { cloneQueryKey, clonesQuery } from '../../api/clones'
import { cloneSettingsQuery, studioClonesQuery, updateCloneSettings } from '../../api/studio-clones'
import { FieldLabel } from '../../ui/form-parts'
import { CallVoiceSection } from './CallVoiceSection'
import { PortraitPicker } from './PortraitPicker'
import { QueryState } from './QueryState'
import {
  OptionsSection,
  SettingsSection,
  SocialsSection,
  TextInput,
  TextingSection,
} from './SettingsSections'
import { StudioPage } from './StudioPage'
import { draftOf, patchOf, type SettingsDraft, sameDraft } from './settings-draft'
import { studioStrings } from './studio.strings'
import { useStudioAccess } from './use-studio-access'
import { DangerZone, VisibilitySection } from './VisibilityAndDelete'
import { VoiceSection } from './VoiceSection'

const s = studioStrings.settings
/** The settings page's door and loading texts, read in the active language when the page draws. */
const pageTexts = () => ({
  loading: studioStrings.loading,
  loadFailed: s.loadFailed,
  retry: studioStrings.retry,
  signedOutTitle: s.signedOutTitle,
  signedOutBody: s.signedOutBody,
  logIn: studioStrings.logIn,
  notYoursTitle: s.notYoursTitle,
  notYoursBody: s.notYoursBody,
  exploreClones: studioStrings.exploreClones,
})

/** /studio/$slug/settings (the router's lazy route component). */
export function CloneSettingsRoute() {
  const { slug } = useParams({ strict: false }) as { slug: string }
  return <CloneSettingsScreen slug={slug} />
}

/**
 * A clone's settings (issue #16): profile and portrait, socials, texting, options, language and voice,
 * visibility, and the creator's danger zone. The CREATOR edits; a CONTRIBUTOR sees them read-only; anyone
 * else gets the studio's 'not here' door.
 */
export function CloneSettingsScreen({ slug }: Readonly<{ slug: string }>) {
  const { allowed } = useStudioAccess(slug)
  const settings = useQuery({ ...cloneSettingsQuery(slug), enabled: allowed })
  const texts = pageTexts()
  // The title block is the form's own: it names the clone and its badge once the settings are here.
  return (
    <StudioPage
      slug={slug}
      current="settings"
      className="studio-settings-page"
      documentTitle={s.pageTitle(settings.data?.name ?? slug)}
      allowed={allowed}
      notFoundFrom={[settings]}
      texts={texts}
    >
      <QueryState queries={[settings]} texts={texts}>
        {(data) => <SettingsForm key={slug} saved={data} />}
      </QueryState>
    </StudioPage>
  )
}

function SettingsForm({ saved }: Readonly<{ saved: CloneSettings }>) {
  const queryClient = useQueryClient()
  const editable = saved.role === 'CREATOR'
  const [base, setBase] = useState(() => draftOf(saved))
  const [draft, setDraft] = useState<SettingsDraft>(base)
  const [pending, setPending] = useState(false)
  const dirty = !sameDraft(base, draft)
  const change = (update: (d: SettingsDraft) => SettingsDraft) => setDraft(update)

  /** A save elsewhere on the page (portrait, visibility): the cache follows, the typed draft stays. */
  const onSaved = (next: CloneSettings) => {
    queryClient.setQueryData(cloneSettingsQuery(saved.slug).queryKey, next)
    void queryClient.invalidateQueries({ queryKey: cloneQueryKey(saved.slug) })
    void queryClient.invalidateQueries({ queryKey: studioClonesQuery().queryKey })
    void queryClient.invalidateQueries({ queryKey: clonesQuery().queryKey })
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!editable || pending) return
    setPending(true)
    try {
      const next = await updateCloneSettings(saved.slug, patchOf(draft))
      onSaved(next)
      const fresh = draftOf(next)
      setBase(fresh)
      setDraft(fresh)
      toast.success(s.saved)
    } catch (error) {
      // The draft is left as typed: the creator fixes what the message names and saves again.
      toast.error(serverMessageOr(error, s.saveFailed))
    } finally {
      setPending(false)
    }
  }

  return (
    <Flex direction="column" gap="5">
      <Flex direction="column" gap="1">
        <Flex gap="2" align="center" wrap="wrap">
          <Heading as="h1" size="7">
            {s.title}
          </Heading>
          {saved.verified ? <Badge color="blue">{s.verified}</Badge> : null}
        </Flex>
        <Text color="gray">{saved.name}</Text>
      </Flex>
      {editable ? null : (
        <Callout.Root color="gray">
          <Callout.Text>{s.readOnly}</Callout.Text>
        </Callout.Root>
      )}
      <SettingsSection title={s.portrait} id="settings-portrait">
        <PortraitPicker settings={saved} editable={editable} onSaved={onSaved} />
      </SettingsSection>
      <form onSubmit={onSubmit} aria-label={s.title}>
        <fieldset disabled={!editable || pending} className="studio-settings-fieldset">
          <Flex direction="column" gap="5">
            <SettingsSection title={s.profile} id="settings-profile">
              <TextInput
                id="clone-name"
                label={s.name}
                value={draft.name}
                maxLength={MAX_NAME_LENGTH}
                onChange={(name) => change((d) => ({ ...d, name }))}
              />
              <TextInput
                id="clone-headline"
                label={s.headline}
                value={draft.headline}
                maxLength={MAX_HEADLINE_LENGTH}
                onChange={(headline) => change((d) => ({ ...d, headline }))}
              />
              <div>
                <FieldLabel htmlFor="clone-description">{s.description}</FieldLabel>
                <TextArea
                  id="clone-description"
                  rows={4}
                  maxLength={MAX_DESCRIPTION_LENGTH}
                  value={draft.description}
                  onChange={(e) => change((d) => ({ ...d, description: e.target.value }))}
                />
              </div>
            </SettingsSection>
            <SocialsSection draft={draft} change={change} />
            <TextingSection draft={draft} change={change} />
            <OptionsSection draft={draft} change={change} />
            <VoiceSection draft={draft} change={change} />
          </Flex>
        </fieldset>
        {editable ? (
          <Flex className="studio-settings-save" gap="3" align="center" justify="end" wrap="wrap">
            {dirty ? (
              <>
                <Text size="2" color="gray" role="status">
                  {s.unsaved}
                </Text>
                <Button type="button" variant="soft" color="gray" onClick={() => setDraft(base)}>
                  {s.discard}
                </Button>
              </>
            ) : null}
            <Button type="submit" loading={pending} disabled={!dirty}>
              {pending ? s.saving : s.save}
            </Button>
          </Flex>
        ) : null}
      </form>
      <CallVoiceSection
        clone={{ slug: saved.slug, language: saved.language, voiceId: saved.voiceId }}
        editable={editable}
      />
      <VisibilitySection settings={saved} editable={editable} onSaved={onSaved} />
      {editable ? <DangerZone settings={saved} /> : null}
    </Flex>
  )
}
