import { Badge, Button, Card, DataList, Flex, Heading, Text } from '@radix-ui/themes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useRef } from 'react'
import { toast } from 'sonner'
import type { EmbedConfig } from '../../../../contract/embed'
import { deleteEmbedConfig, embedConfigsQuery } from '../../api/embed'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { CopyIcon, ExternalLinkIcon, PencilIcon } from '../../ui/lazy-icons'
import { EmbedConfigDialog } from './EmbedConfigDialog'
import { formatVoiceLimit } from './embed-form'
import { previewUrlOf, snippetOf } from './embed-snippet'
import { embedsStrings as s } from './embeds.strings'

const d = s.details

/** One configuration: what it allows, its snippet to copy, a preview, and (for the creator) edit and delete. */
export function EmbedConfigCard({
  slug,
  config,
  productOrigin,
  editable,
  onDeleted,
}: Readonly<{
  slug: string
  config: EmbedConfig
  productOrigin: string
  editable: boolean
  onDeleted: () => void
}>) {
  const headingId = useId()
  const snippetId = useId()
  const snippetRef = useRef<HTMLTextAreaElement>(null)
  const snippet = snippetOf(productOrigin, config)

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard')
      await navigator.clipboard.writeText(snippet)
      toast.success(s.copied)
    } catch (error) {
      // Denied (permissions, an insecure origin): select the snippet so a keyboard copy takes it.
      console.warn('Copy snippet failed', error)
      snippetRef.current?.focus()
      snippetRef.current?.select()
      toast.info(s.copyManually)
    }
  }

  return (
    <Card asChild size="3" className="embed-card">
      <article aria-labelledby={headingId}>
        <Flex direction="column" gap="4">
          <Flex justify="between" align="start" gap="3" wrap="wrap">
            <Heading as="h2" size="5" id={headingId} className="embed-card__name">
              {config.name}
            </Heading>
            {editable ? (
              <Flex gap="2">
                <EmbedConfigDialog
                  slug={slug}
                  config={config}
                  trigger={
                    <Button variant="soft" color="gray">
                      <PencilIcon size={16} />
                      {s.edit}
                    </Button>
                  }
                />
                <DeleteEmbed slug={slug} config={config} onDeleted={onDeleted} />
              </Flex>
            ) : null}
          </Flex>

          <DataList.Root size="2">
            <DataList.Item>
              <DataList.Label>{d.layout}</DataList.Label>
              <DataList.Value>{s.layouts[config.layout]}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{d.origins}</DataList.Label>
              <DataList.Value>
                {config.allowedOrigins.length > 0 ? (
                  <ul className="embed-card__origins">
                    {config.allowedOrigins.map((origin) => (
                      <li key={origin}>{origin}</li>
                    ))}
                  </ul>
                ) : (
                  <Text color="gray">{s.noOrigins}</Text>
                )}
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{d.whitelabel}</DataList.Label>
              <DataList.Value>
                <Badge color={config.whitelabel ? 'green' : 'gray'} variant="soft">
                  {config.whitelabel ? s.on : s.off}
                </Badge>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{d.textLimit}</DataList.Label>
              <DataList.Value>
                {config.textLimit === null ? s.noLimit : s.messages(config.textLimit)}
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{d.voiceLimit}</DataList.Label>
              <DataList.Value>
                {config.voiceLimitSeconds === null ? s.noLimit : formatVoiceLimit(config.voiceLimitSeconds)}
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>

          <Flex direction="column" gap="2">
            <Text as="label" size="2" weight="medium" htmlFor={snippetId}>
              {s.snippet}
            </Text>
            <textarea
              ref={snippetRef}
              id={snippetId}
              className="embed-card__snippet"
              readOnly
              spellCheck={false}
              value={snippet}
              aria-label={s.snippetLabel(config.name)}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Text size="1" color="gray">
              {s.snippetHint}
            </Text>
            <Flex gap="2" wrap="wrap">
              <Button onClick={() => void copy()}>
                <CopyIcon size={16} />
                {s.copySnippet}
              </Button>
              <Button asChild variant="soft">
                <a href={previewUrlOf(productOrigin, config)} target="_blank" rel="noopener noreferrer">
                  <ExternalLinkIcon size={16} />
                  {s.preview}
                  <span className="visually-hidden"> {s.opensInNewTab}</span>
                </a>
              </Button>
            </Flex>
          </Flex>
        </Flex>
      </article>
    </Card>
  )
}

/** Delete, after a confirmation naming the configuration. */
function DeleteEmbed({
  slug,
  config,
  onDeleted,
}: Readonly<{ slug: string; config: EmbedConfig; onDeleted: () => void }>) {
  const queryClient = useQueryClient()
  const c = s.confirmDelete
  const remove = useMutation({
    mutationFn: () => deleteEmbedConfig(slug, config.id),
    onSuccess: async () => {
      toast.success(c.deleted)
      onDeleted()
      await queryClient.invalidateQueries({ queryKey: embedConfigsQuery(slug).queryKey })
    },
    onError: (error) => {
      console.warn('Delete embed failed', error)
      toast.error(error.message || c.failed)
    },
  })
  return (
    <ConfirmDialog
      trigger={
        <Button variant="soft" color="red">
          {s.delete}
        </Button>
      }
      title={c.title(config.name)}
      body={c.body}
      cancel={c.cancel}
      confirm={c.confirm}
      onConfirm={() => remove.mutate()}
      pending={remove.isPending}
    />
  )
}
