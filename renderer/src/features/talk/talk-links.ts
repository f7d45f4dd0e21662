import { linkOptions } from '@tanstack/react-router'

/** /{slug}/talk/conversation/{id}, or its instance form (spec 1 §2). */
export const conversationLink = (slug: string, instanceSlug: string | null, conversationId: string) =>
  instanceSlug
    ? linkOptions({
        to: '/$slug/$instanceSlug/talk/conversation/$conversationId',
        params: { slug, instanceSlug, conversationId },
      })
    : linkOptions({ to: '/$slug/talk/conversation/$conversationId', params: { slug, conversationId } })
