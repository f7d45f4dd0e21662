import { Button, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from 'sonner'
import type { StudioMonetization } from '../../../../contract/studio-run'
import { serverMessageOr } from '../../api/client'
import { studioMonetizationQuery, updateStudioMonetization } from '../../api/studio-run'
import { FormField } from '../../ui/form-parts'
import { upsellTitle } from '../billing'
import { type QuotaDraft, type QuotaField, quotaDraftOf, readQuotaDraft, sameQuota } from './membership-form'
import { membershipsStrings as s } from './memberships.strings'

const q = s.quota
/** What the creator types where the clone's name goes in the paywall title (features/billing upsellTitle). */
const NAME_TOKEN = '{name}'

/**
 * The anonymous visitor's monthly allowance (spec 1 §3 'Monetization' anonymous_quota) and the paywall's
 * title (spec 1 §9), with a preview of the title as visitors will read it. A contributor sees the values.
 */
export function QuotaForm({
  slug,
  cloneName,
  saved,
  editable,
}: Readonly<{ slug: string; cloneName: string; saved: StudioMonetization; editable: boolean }>) {
  const queryClient = useQueryClient()
  const [base, setBase] = useState<QuotaDraft>(() => quotaDraftOf(saved))
  const [draft, setDraft] = useState<QuotaDraft>(base)
  const reading = readQuotaDraft(draft)
  const errors = reading.ok ? {} : reading.errors
  const changed = !sameQuota(draft, base)

  const save = useMutation({
    mutationFn: () => {
      if (!reading.ok) throw new Error('invalid draft')
      return updateStudioMonetization(slug, reading.patch)
    },
    onSuccess: async (next) => {
      const nextDraft = quotaDraftOf(next)
      setBase(nextDraft)
      setDraft(nextDraft)
      queryClient.setQueryData(studioMonetizationQuery(slug).queryKey, next)
      toast.success(q.saved)
      await queryClient.invalidateQueries({ queryKey: ['clone', slug] })
    },
  })

  const field = (key: QuotaField, extra: object = {}) => ({
    value: draft[key],
    readOnly: !editable,
    autoComplete: 'off',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setDraft((d) => ({ ...d, [key]: e.target.value })),
    ...extra,
  })
  const preview = upsellTitle({
    template: draft.upsellTitle.trim() || null,
    name: cloneName,
    overQuota: true,
  })

  return (
    <Card asChild>
      <section aria-labelledby="quota-heading">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (editable && reading.ok && changed && !save.isPending) save.mutate()
          }}
        >
          <Flex direction="column" gap="4">
            <Flex direction="column" gap="1">
              <Heading as="h2" size="5" id="quota-heading">
                {q.heading}
              </Heading>
              <Text size="2" color="gray">
                {q.intro}
              </Text>
            </Flex>
            <div className="membership-form__grid membership-form__grid--three">
              <FormField label={q.messages} error={errors.messages}>
                {(props) => <TextField.Root {...props} {...field('messages', { inputMode: 'numeric' })} />}
              </FormField>
              <FormField label={q.voice} error={errors.voiceMinutes}>
                {(props) => (
                  <TextField.Root {...props} {...field('voiceMinutes', { inputMode: 'numeric' })} />
                )}
              </FormField>
              <FormField label={q.video} error={errors.videoMinutes}>
                {(props) => (
                  <TextField.Root {...props} {...field('videoMinutes', { inputMode: 'numeric' })} />
                )}
              </FormField>
            </div>
            <FormField label={q.upsell} hint={q.upsellHint(NAME_TOKEN)} error={errors.upsellTitle}>
              {(props) => (
                <TextField.Root
                  {...props}
                  {...field('upsellTitle', { placeholder: q.upsellPlaceholder(NAME_TOKEN) })}
                />
              )}
            </FormField>
            <Text size="2" className="quota-form__preview">
              <Text color="gray">{q.preview}</Text> <Text weight="medium">{preview}</Text>
            </Text>
            {save.isError ? (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{serverMessageOr(save.error, q.failed)}</Callout.Text>
              </Callout.Root>
            ) : null}
            {editable ? (
              <Flex gap="3" align="center" wrap="wrap">
                <Button type="submit" disabled={!changed || !reading.ok || save.isPending}>
                  {save.isPending ? q.saving : q.save}
                </Button>
                <Text role="status" size="2" color="amber">
                  {changed ? q.unsaved : null}
                </Text>
              </Flex>
            ) : null}
          </Flex>
        </form>
      </section>
    </Card>
  )
}
