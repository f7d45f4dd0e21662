import { Badge, Button, Code, DataList, Flex, IconButton, Text, Link as TextLink } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { toast } from 'sonner'
import type { StaffCounts, StaffStatus } from '../../../../contract/staff'
import { resolveApiUrl } from '../../api/client'
import { staffStatusQuery } from '../../api/staff'
import { CopyIcon } from '../../ui/lazy-icons'
import { staffToolbarStrings as s } from './staff-toolbar.strings'
import { formatUptime } from './uptime'
import { usePageIds } from './use-page-ids'

const MODE_COLORS = { real: 'green', embedded: 'amber', none: 'gray' } as const
const COUNT_KEYS = Object.keys(s.counts) as (keyof StaffCounts)[]

/** The web build's id (pwa/src/shell.ts sets it on <html>); 'dev' when the renderer runs from source. */
const buildVersion = () => document.documentElement.dataset.build ?? 'dev'

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text)
    toast.success(s.copied(what))
  } catch {
    toast.error(s.copyFailed)
  }
}

/** The expanded toolbar: versions, providers, the page's ids, links and the day's counts. */
export function StaffPanel() {
  const { slug, conversationId } = usePageIds()
  const status = useQuery(staffStatusQuery(slug))
  const data = status.data
  return (
    <Flex direction="column" gap="3">
      <DataList.Root size="1" className="staff-toolbar-list">
        <DataList.Item>
          <DataList.Label minWidth="96px">{s.build}</DataList.Label>
          <DataList.Value>
            <Code variant="ghost">{buildVersion()}</Code>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="96px">{s.server}</DataList.Label>
          <DataList.Value>
            <Code variant="ghost">
              {data
                ? `${data.serverVersion} · ${data.environment} · ${formatUptime(data.uptimeSeconds)}`
                : s.none}
            </Code>
          </DataList.Value>
        </DataList.Item>
        <IdRow label={s.clone} copyLabel={s.copyClone} value={slug} />
        {data?.clone ? (
          <DataList.Item>
            <DataList.Label minWidth="96px">{s.cloneId}</DataList.Label>
            <DataList.Value>
              <Flex direction="column">
                <IdValue label={s.cloneId} copyLabel={s.copyCloneId} value={data.clone.id} />
                <Text size="1" color="gray">
                  {s.visibility(data.clone.visibility, data.clone.documents)}
                </Text>
              </Flex>
            </DataList.Value>
          </DataList.Item>
        ) : null}
        <IdRow label={s.conversation} copyLabel={s.copyConversation} value={conversationId} />
      </DataList.Root>

      {status.isPending ? (
        <Text size="1" color="gray" role="status">
          {s.loading}
        </Text>
      ) : status.isError ? (
        <Text size="1" color="red" role="alert">
          {s.loadFailed}
        </Text>
      ) : (
        <StatusDetails status={status.data} slug={slug} />
      )}

      <Flex justify="end">
        <Button
          size="1"
          variant="soft"
          color="gray"
          loading={status.isFetching}
          onClick={() => void status.refetch()}
        >
          {status.isFetching ? s.refreshing : s.refresh}
        </Button>
      </Flex>
    </Flex>
  )
}

function StatusDetails({ status, slug }: Readonly<{ status: StaffStatus; slug: string | null }>) {
  const cloneSlug = status.clone?.slug ?? null
  return (
    <>
      <section aria-label={s.providers}>
        <Text as="p" size="1" weight="medium" mb="1">
          {s.providers}
        </Text>
        <Flex wrap="wrap" gap="1">
          {status.providers.map((p) => (
            <Badge key={p.key} color={MODE_COLORS[p.mode]} variant="soft" title={p.name}>
              {s.provider[p.key]}: {s.mode[p.mode]}
            </Badge>
          ))}
        </Flex>
      </section>

      {status.devOutbox || cloneSlug ? (
        <nav aria-label={s.links}>
          <Flex wrap="wrap" gap="3">
            {status.devOutbox ? (
              <TextLink size="1" href={resolveApiUrl('/dev/outbox')} target="_blank" rel="noopener">
                {s.devOutbox}
              </TextLink>
            ) : null}
            {cloneSlug && cloneSlug === slug ? (
              <>
                <TextLink size="1" asChild>
                  <Link to="/studio/$slug/build/questions" params={{ slug: cloneSlug }}>
                    {s.studioQuestions}
                  </Link>
                </TextLink>
                <TextLink size="1" asChild>
                  <Link to="/studio/$slug/leads" params={{ slug: cloneSlug }}>
                    {s.studioLeads}
                  </Link>
                </TextLink>
                <TextLink size="1" asChild>
                  <Link to="/studio/$slug/embeds" params={{ slug: cloneSlug }}>
                    {s.studioEmbeds}
                  </Link>
                </TextLink>
              </>
            ) : null}
          </Flex>
        </nav>
      ) : null}

      <section aria-label={s.last24h}>
        <Text as="p" size="1" weight="medium" mb="1">
          {s.last24h}
        </Text>
        <Flex wrap="wrap" gapX="3" gapY="1">
          {COUNT_KEYS.map((key) => (
            <Text key={key} size="1" color="gray">
              {s.counts[key]} <Text weight="bold">{status.counts[key]}</Text>
            </Text>
          ))}
        </Flex>
      </section>
    </>
  )
}

/** `copyLabel` names the copy button ('Copy clone id'); the toast after copying names `label`. */
function IdRow({
  label,
  copyLabel,
  value,
}: Readonly<{ label: string; copyLabel: string; value: string | null }>) {
  return (
    <DataList.Item>
      <DataList.Label minWidth="96px">{label}</DataList.Label>
      <DataList.Value>
        {value ? <IdValue label={label} copyLabel={copyLabel} value={value} /> : s.none}
      </DataList.Value>
    </DataList.Item>
  )
}

function IdValue({ label, copyLabel, value }: Readonly<{ label: string; copyLabel: string; value: string }>) {
  return (
    <Flex align="center" gap="2">
      <Code variant="ghost" className="staff-toolbar-id" title={value}>
        {value}
      </Code>
      <IconButton
        size="1"
        variant="ghost"
        color="gray"
        aria-label={copyLabel}
        onClick={() => void copy(value, label)}
      >
        <CopyIcon size={12} />
      </IconButton>
    </Flex>
  )
}
