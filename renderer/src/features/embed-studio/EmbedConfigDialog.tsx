import {
  Button,
  Callout,
  Dialog,
  Flex,
  SegmentedControl,
  Switch,
  Text,
  TextArea,
  TextField,
} from '@radix-ui/themes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useId, useState } from 'react'
import { toast } from 'sonner'
import type { EmbedConfig, EmbedConfigInput } from '../../../../contract/embed'
import { MAX_ALLOWED_ORIGINS } from '../../../../contract/embed'
import { EMBED_LAYOUTS } from '../../../../contract/embed-protocol'
import { createEmbedConfig, embedConfigsQuery, updateEmbedConfig } from '../../api/embed'
import { FormDialog } from '../../ui/FormDialog'
import { FormField } from '../../ui/form-parts'
import { type DraftField, draftOf, type EmbedDraft, emptyDraft, patchOf, readDraft } from './embed-form'
import { embedsStrings as s } from './embeds.strings'

const f = s.form

/**
 * Create or edit one configuration. The trigger opens it (focus returns there on close); the form lives in
 * the dialog's content, so each opening starts from the configuration, and a failed save keeps every field.
 */
export function EmbedConfigDialog({
  slug,
  config,
  trigger,
}: Readonly<{ slug: string; config: EmbedConfig | null; trigger: ReactNode }>) {
  const [open, setOpen] = useState(false)
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={config ? f.editTitle(config.name) : f.createTitle}
      description={f.description}
      maxWidth="520px"
    >
      <EmbedConfigForm slug={slug} config={config} onDone={() => setOpen(false)} />
    </FormDialog>
  )
}

function EmbedConfigForm({
  slug,
  config,
  onDone,
}: Readonly<{ slug: string; config: EmbedConfig | null; onDone: () => void }>) {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<EmbedDraft>(() => (config ? draftOf(config) : emptyDraft()))
  // A field's error shows once the creator has left it (then live as they fix it), or after a try to submit.
  const [touched, setTouched] = useState<ReadonlySet<DraftField>>(new Set())
  const reading = readDraft(draft)
  const errors = reading.ok ? {} : reading.errors
  const shown = (field: DraftField) => (touched.has(field) ? errors[field] : undefined)

  const save = useMutation({
    mutationFn: (input: EmbedConfigInput) =>
      config ? updateEmbedConfig(slug, config.id, patchOf(config, input)) : createEmbedConfig(slug, input),
    onSuccess: async () => {
      toast.success(config ? f.saved : f.created)
      onDone()
      await queryClient.invalidateQueries({ queryKey: embedConfigsQuery(slug).queryKey })
    },
  })

  const change = <K extends keyof EmbedDraft>(key: K, value: EmbedDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }))
  }
  const touch = (field: DraftField) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)))

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setTouched(new Set(['name', 'origins', 'textLimit', 'voiceLimit']))
    if (reading.ok && !save.isPending) save.mutate(reading.input)
  }

  const ids = { layout: useId(), layoutHint: useId(), whitelabelHint: useId() }
  const serverError = save.isError ? save.error.message || f.failed : null

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="4">
        <FormField label={f.name} error={shown('name')}>
          {(props) => (
            <TextField.Root
              {...props}
              value={draft.name}
              placeholder={f.namePlaceholder}
              autoComplete="off"
              onChange={(e) => change('name', e.target.value)}
              onBlur={() => touch('name')}
            />
          )}
        </FormField>

        <Flex direction="column" gap="1">
          <Text as="div" size="2" weight="medium" id={ids.layout}>
            {f.layout}
          </Text>
          <SegmentedControl.Root
            aria-labelledby={ids.layout}
            aria-describedby={ids.layoutHint}
            value={draft.layout}
            onValueChange={(value) => change('layout', value as EmbedDraft['layout'])}
            className="embed-form__layout"
          >
            {EMBED_LAYOUTS.map((layout) => (
              <SegmentedControl.Item key={layout} value={layout}>
                {s.layouts[layout]}
              </SegmentedControl.Item>
            ))}
          </SegmentedControl.Root>
          <Text size="1" color="gray" id={ids.layoutHint}>
            {s.layoutHints[draft.layout]}
          </Text>
        </Flex>

        <FormField label={f.origins} hint={f.originsHint(MAX_ALLOWED_ORIGINS)} error={shown('origins')}>
          {(props) => (
            <TextArea
              {...props}
              value={draft.origins}
              placeholder="https://example.com"
              spellCheck={false}
              autoCapitalize="off"
              className="embed-form__origins"
              onChange={(e) => change('origins', e.target.value)}
              onBlur={() => touch('origins')}
            />
          )}
        </FormField>

        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium">
            <Flex gap="2" align="center">
              <Switch
                checked={draft.whitelabel}
                onCheckedChange={(checked) => change('whitelabel', checked)}
                aria-describedby={ids.whitelabelHint}
              />
              {f.whitelabel}
            </Flex>
          </Text>
          <Text size="1" color="gray" id={ids.whitelabelHint}>
            {f.whitelabelHint}
          </Text>
        </Flex>

        <div className="embed-form__limits">
          <FormField label={f.textLimit} hint={f.textLimitHint} error={shown('textLimit')}>
            {(props) => (
              <TextField.Root
                {...props}
                value={draft.textLimit}
                inputMode="numeric"
                autoComplete="off"
                onChange={(e) => change('textLimit', e.target.value)}
                onBlur={() => touch('textLimit')}
              />
            )}
          </FormField>
          <FormField label={f.voiceLimit} hint={f.voiceLimitHint} error={shown('voiceLimit')}>
            {(props) => (
              <TextField.Root
                {...props}
                value={draft.voiceLimit}
                inputMode="decimal"
                autoComplete="off"
                onChange={(e) => change('voiceLimit', e.target.value)}
                onBlur={() => touch('voiceLimit')}
              />
            )}
          </FormField>
        </div>

        {serverError ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{serverError}</Callout.Text>
          </Callout.Root>
        ) : null}

        <Flex gap="3" justify="end" wrap="wrap">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              {f.cancel}
            </Button>
          </Dialog.Close>
          <Button type="submit" disabled={!reading.ok || save.isPending} loading={save.isPending}>
            {config ? f.save : f.create}
          </Button>
        </Flex>
      </Flex>
    </form>
  )
}
