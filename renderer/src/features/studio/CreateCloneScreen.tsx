import { Button, Card, Flex, Heading, Spinner, Text, TextArea, TextField } from '@radix-ui/themes'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import { LANGUAGES } from '../../../../contract'
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_HEADLINE_LENGTH,
  MAX_NAME_LENGTH,
  normaliseSlug,
  SLUG_MAX_LENGTH,
  suggestSlug,
} from '../../../../contract/studio-clones'
import { meQueryKey } from '../../api/auth'
import { isApiError, serverMessageOr } from '../../api/client'
import { createClone, studioClonesQuery } from '../../api/studio-clones'
import { openDialog } from '../../navigation/dialogs.store'
import { FieldLabel } from '../../ui/form-parts'
import { UserIcon } from '../../ui/lazy-icons'
import { StatusPanel } from '../../ui/StatusPanel'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { studioStrings } from './studio.strings'
import { useSlugCheck } from './use-slug-check'

const s = studioStrings.create

/**
 * /studio/new (issue #16): the create form. The address follows the name until the creator edits it, and
 * is checked live; on success the new clone's settings open. A refusal keeps everything typed.
 */
export function CreateCloneScreen() {
  useDocumentTitle(s.pageTitle)
  const { user, loaded } = useCurrentUser()
  return (
    <>
      <AppHeader />
      <main id="main" className="page studio-create-page">
        {!loaded ? (
          <Spinner size="3" role="status" aria-label={studioStrings.loading} />
        ) : user ? (
          <CreateCloneForm />
        ) : (
          <StatusPanel
            icon={<UserIcon size={32} />}
            title={s.signedOutTitle}
            actions={
              <Button size="3" onClick={() => openDialog({ kind: 'signIn' })}>
                {studioStrings.logIn}
              </Button>
            }
          >
            {s.signedOutBody}
          </StatusPanel>
        )}
      </main>
    </>
  )
}

export function CreateCloneForm() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const [slugInput, setSlugInput] = useState<string | null>(null)
  const [headline, setHeadline] = useState('')
  const [description, setDescription] = useState('')
  const [language, setLanguage] = useState('en')
  const [pending, setPending] = useState(false)
  const [serverSlugError, setServerSlugError] = useState<string | null>(null)
  const [nameError, setNameError] = useState<string | null>(null)
  // The address follows the name until the creator types one of their own.
  const slug = slugInput ?? suggestSlug(name)
  const check = useSlugCheck(slug)
  const refusal = check.state === 'done' && !check.result.available ? check.result.message : null
  const slugMessage = serverSlugError ?? refusal
  const origin = typeof window === 'undefined' ? '' : window.location.host

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    if (!name.trim()) return setNameError(s.nameRequired)
    if (refusal) return
    setPending(true)
    try {
      const created = await createClone({
        name,
        slug: normaliseSlug(slug),
        headline: headline || null,
        description: description || null,
        language,
      })
      // The studio's door reads the user's relationships: the new CREATOR one must be in before it opens.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: studioClonesQuery().queryKey }),
      ])
      toast.success(s.created(name.trim()))
      await navigate({ to: '/studio/$slug/settings', params: { slug: created.slug } })
    } catch (error) {
      const message = serverMessageOr(error, s.failed)
      if (isApiError(error) && (error.status === 409 || /address/i.test(message))) setServerSlugError(message)
      toast.error(message)
      setPending(false)
    }
  }

  return (
    <Card size="3" className="studio-create-card">
      <form onSubmit={onSubmit} noValidate>
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Heading as="h1" size="7">
              {s.title}
            </Heading>
            <Text color="gray">{s.subtitle}</Text>
          </Flex>
          <div>
            <FieldLabel htmlFor="clone-name">{s.name}</FieldLabel>
            <TextField.Root
              id="clone-name"
              size="3"
              value={name}
              maxLength={MAX_NAME_LENGTH}
              placeholder={s.namePlaceholder}
              autoFocus
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? 'clone-name-error' : undefined}
              onChange={(e) => {
                setName(e.target.value)
                setNameError(null)
              }}
            />
            {nameError ? (
              <Text id="clone-name-error" size="2" color="red" role="alert">
                {nameError}
              </Text>
            ) : null}
          </div>
          <div>
            <FieldLabel htmlFor="clone-slug">{s.slug}</FieldLabel>
            <TextField.Root
              id="clone-slug"
              size="3"
              value={slug}
              maxLength={SLUG_MAX_LENGTH}
              spellCheck={false}
              autoCapitalize="none"
              aria-invalid={slugMessage ? true : undefined}
              aria-describedby="clone-slug-status"
              onChange={(e) => {
                setSlugInput(e.target.value)
                setServerSlugError(null)
              }}
            >
              <TextField.Slot>{s.slugHint(origin)}</TextField.Slot>
            </TextField.Root>
            <Text
              id="clone-slug-status"
              size="2"
              as="p"
              mt="1"
              aria-live="polite"
              color={slugMessage ? 'red' : 'gray'}
            >
              {slugMessage ??
                (check.state === 'checking'
                  ? s.checking
                  : check.state === 'done' && check.result.available
                    ? s.available
                    : '')}
            </Text>
          </div>
          <div>
            <FieldLabel htmlFor="clone-headline">{s.headline}</FieldLabel>
            <TextField.Root
              id="clone-headline"
              value={headline}
              maxLength={MAX_HEADLINE_LENGTH}
              placeholder={s.headlinePlaceholder}
              onChange={(e) => setHeadline(e.target.value)}
            />
          </div>
          <div>
            <FieldLabel htmlFor="clone-description">{s.description}</FieldLabel>
            <TextArea
              id="clone-description"
              rows={4}
              value={description}
              maxLength={MAX_DESCRIPTION_LENGTH}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <div>
            <FieldLabel htmlFor="clone-language">{s.language}</FieldLabel>
            <select
              id="clone-language"
              className="studio-select"
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
            >
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
          <Flex gap="3" justify="end">
            <Button asChild variant="soft" color="gray" size="3">
              <Link to="/studio">{s.cancel}</Link>
            </Button>
            <Button type="submit" size="3" loading={pending} disabled={Boolean(refusal)}>
              {pending ? s.submitting : s.submit}
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  )
}
