import { Button, Callout, Dialog, Flex, Switch, Text, TextArea, TextField } from '@radix-ui/themes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { MembershipInput, StudioMembership } from '../../../../contract/studio-run'
import { serverMessageOr } from '../../api/client'
import { createStudioMembership, studioMembershipsQuery, updateStudioMembership } from '../../api/studio-run'
import { FormDialog } from '../../ui/FormDialog'
import { FormField } from '../../ui/form-parts'
import {
  emptyMembershipDraft,
  type MembershipDraft,
  type MembershipField,
  membershipDraftOf,
  readMembershipDraft,
} from './membership-form'
import { membershipsStrings as s } from './memberships.strings'

const f = s.form

/**
 * Add or edit one membership. The trigger opens it (focus returns there on close); each opening starts from
 * the membership, and a failed save keeps every field as typed.
 */
export function MembershipDialog({
  slug,
  membership,
  trigger,
}: Readonly<{ slug: string; membership: StudioMembership | null; trigger: ReactNode }>) {
  const [open, setOpen] = useState(false)
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={membership ? f.editTitle(membership.name) : f.createTitle}
      description={f.description}
    >
      <MembershipForm slug={slug} membership={membership} onDone={() => setOpen(false)} />
    </FormDialog>
  )
}

const ALL_FIELDS: MembershipField[] = [
  'name',
  'basePrice',
  'annualPrice',
  'messages',
  'voiceMinutes',
  'videoMinutes',
  'customDescription',
]

function MembershipForm({
  slug,
  membership,
  onDone,
}: Readonly<{ slug: string; membership: StudioMembership | null; onDone: () => void }>) {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<MembershipDraft>(() =>
    membership ? membershipDraftOf(membership) : emptyMembershipDraft(),
  )
  // A field's error shows once the creator has left it, or after a try to submit.
  const [touched, setTouched] = useState<ReadonlySet<MembershipField>>(new Set())
  const reading = readMembershipDraft(draft)
  const errors = reading.ok ? {} : reading.errors
  const shown = (field: MembershipField) => (touched.has(field) ? errors[field] : undefined)

  const save = useMutation({
    mutationFn: (input: MembershipInput) =>
      membership ? updateStudioMembership(slug, membership.id, input) : createStudioMembership(slug, input),
    onSuccess: async () => {
      toast.success(membership ? f.saved : f.created)
      onDone()
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: studioMembershipsQuery(slug).queryKey }),
        // The profile and the paywall of the clone show the change at once.
        queryClient.invalidateQueries({ queryKey: ['clone', slug] }),
      ])
    },
  })

  const change = <K extends keyof MembershipDraft>(key: K, value: MembershipDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))
  const touch = (field: MembershipField) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)))
  const text = (field: MembershipField & keyof MembershipDraft, extra: object = {}) => ({
    value: draft[field] as string,
    autoComplete: 'off',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => change(field, e.target.value),
    // An empty field left behind says nothing until a submit: its error would move the button being clicked.
    onBlur: () => (draft[field] as string).trim() !== '' && touch(field),
    ...extra,
  })

  // A refused submit takes the keyboard to the first field to fix.
  const form = useRef<HTMLFormElement>(null)
  const focusInvalid = useRef(false)
  useEffect(() => {
    if (!focusInvalid.current) return
    focusInvalid.current = false
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setTouched(new Set(ALL_FIELDS))
    if (!reading.ok) focusInvalid.current = true
    else if (!save.isPending) save.mutate(reading.input)
  }

  const switches = [
    ['smsEnabled', f.sms],
    ['telegramEnabled', f.telegram],
    ['voiceEnabled', f.voiceCalls],
    ['videoEnabled', f.videoCalls],
  ] as const

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Flex direction="column" gap="4">
        <FormField label={f.name} error={shown('name')}>
          {(props) => <TextField.Root {...props} {...text('name', { placeholder: f.namePlaceholder })} />}
        </FormField>
        <div className="membership-form__grid">
          <FormField label={f.monthly} hint={f.priceHint} error={shown('basePrice')}>
            {(props) => <TextField.Root {...props} {...text('basePrice', { inputMode: 'decimal' })} />}
          </FormField>
          <FormField label={f.annual} hint={f.priceHint} error={shown('annualPrice')}>
            {(props) => <TextField.Root {...props} {...text('annualPrice', { inputMode: 'decimal' })} />}
          </FormField>
        </div>
        <div className="membership-form__grid membership-form__grid--three">
          <FormField label={f.messages} hint={f.messagesHint} error={shown('messages')}>
            {(props) => <TextField.Root {...props} {...text('messages', { inputMode: 'numeric' })} />}
          </FormField>
          <FormField label={f.voice} error={shown('voiceMinutes')}>
            {(props) => <TextField.Root {...props} {...text('voiceMinutes', { inputMode: 'numeric' })} />}
          </FormField>
          <FormField label={f.video} error={shown('videoMinutes')}>
            {(props) => <TextField.Root {...props} {...text('videoMinutes', { inputMode: 'numeric' })} />}
          </FormField>
        </div>
        <fieldset className="membership-form__switches">
          <legend>
            <Text size="2" weight="medium">
              {f.channels}
            </Text>
          </legend>
          {switches.map(([key, label]) => (
            <Text as="label" size="2" key={key}>
              <Flex gap="2" align="center">
                <Switch checked={draft[key]} onCheckedChange={(checked) => change(key, checked)} />
                {label}
              </Flex>
            </Text>
          ))}
        </fieldset>
        <FormField
          label={f.customDescription}
          hint={f.customDescriptionHint}
          error={shown('customDescription')}
        >
          {(props) => (
            <TextArea
              {...props}
              value={draft.customDescription}
              onChange={(e) => change('customDescription', e.target.value)}
              onBlur={() => draft.customDescription.trim() !== '' && touch('customDescription')}
            />
          )}
        </FormField>
        {save.isError ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{serverMessageOr(save.error, f.failed)}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Flex gap="3" justify="end" wrap="wrap">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              {f.cancel}
            </Button>
          </Dialog.Close>
          <Button type="submit" loading={save.isPending}>
            {membership ? f.save : f.create}
          </Button>
        </Flex>
      </Flex>
    </form>
  )
}
