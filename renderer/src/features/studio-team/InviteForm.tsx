import { Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { INVITE_TTL_DAYS, InviteRequest } from '../../../../contract/studio-run'
import { serverMessageOr } from '../../api/client'
import { inviteContributor, studioTeamQuery } from '../../api/studio-run'
import { teamStrings as s } from './team.strings'

/** The creator invites a contributor by e-mail; the address stays typed if sending fails. */
export function InviteForm({ slug }: Readonly<{ slug: string }>) {
  const queryClient = useQueryClient()
  const [email, setEmail] = useState('')
  const [tried, setTried] = useState(false)
  const id = useId()
  const valid = InviteRequest.safeParse({ email }).success
  const invite = useMutation({
    mutationFn: (address: string) => inviteContributor(slug, address),
    onSuccess: async (pending) => {
      toast.success(s.sent(pending.email))
      setEmail('')
      setTried(false)
      await queryClient.invalidateQueries({ queryKey: studioTeamQuery(slug).queryKey })
    },
  })
  const error = invite.isError
    ? serverMessageOr(invite.error, s.inviteFailed)
    : tried && !valid
      ? s.invalidEmail
      : null

  return (
    <Card asChild>
      <section aria-labelledby={`${id}-heading`}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            setTried(true)
            if (valid && !invite.isPending) invite.mutate(email.trim())
          }}
        >
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4" id={`${id}-heading`}>
              {s.inviteHeading}
            </Heading>
            <Text size="2" color="gray">
              {s.inviteIntro(INVITE_TTL_DAYS)}
            </Text>
            <Flex gap="2" align="start" wrap="wrap">
              <Flex direction="column" gap="1" flexGrow="1" className="invite-form__field">
                <Text as="label" size="2" weight="medium" htmlFor={id}>
                  {s.email}
                </Text>
                <TextField.Root
                  id={id}
                  type="email"
                  autoComplete="off"
                  placeholder={s.emailPlaceholder}
                  value={email}
                  aria-invalid={error !== null}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) => {
                    setEmail(event.target.value)
                    if (invite.isError) invite.reset()
                  }}
                />
                {error ? (
                  <Text size="1" color="red" id={`${id}-error`} role="alert">
                    {error}
                  </Text>
                ) : null}
              </Flex>
              <Button type="submit" className="invite-form__submit" loading={invite.isPending}>
                {s.send}
              </Button>
            </Flex>
          </Flex>
        </form>
      </section>
    </Card>
  )
}
