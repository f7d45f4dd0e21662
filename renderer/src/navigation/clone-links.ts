import { linkOptions } from '@tanstack/react-router'
import type { CallSearch, TalkSearch } from './search-params'

/*
 * Links into a clone's screens, for the clone itself or one of its instances (spec 1 §2, 2 §2).
 * Spread the result into <Link> or pass it to navigate().
 */

export const profileLink = (slug: string, instanceSlug?: string | null) =>
  instanceSlug
    ? linkOptions({ to: '/$slug/$instanceSlug', params: { slug, instanceSlug } })
    : linkOptions({ to: '/$slug', params: { slug } })

export const talkLink = (slug: string, instanceSlug?: string | null, search: TalkSearch = {}) =>
  instanceSlug
    ? linkOptions({ to: '/$slug/$instanceSlug/talk', params: { slug, instanceSlug }, search })
    : linkOptions({ to: '/$slug/talk', params: { slug }, search })

export const callLink = (slug: string, instanceSlug?: string | null, search: CallSearch = {}) =>
  instanceSlug
    ? linkOptions({ to: '/$slug/$instanceSlug/call', params: { slug, instanceSlug }, search })
    : linkOptions({ to: '/$slug/call', params: { slug }, search })

export const videoLink = (slug: string, instanceSlug?: string | null, search: CallSearch = {}) =>
  instanceSlug
    ? linkOptions({ to: '/$slug/$instanceSlug/video', params: { slug, instanceSlug }, search })
    : linkOptions({ to: '/$slug/video', params: { slug }, search })

export const exploreLink = () => linkOptions({ to: '/explore' })

/** /{slug}/talk/conversation/{id}, or its instance form (spec 1 §2). */
export const conversationLink = (slug: string, instanceSlug: string | null, conversationId: string) =>
  instanceSlug
    ? linkOptions({
        to: '/$slug/$instanceSlug/talk/conversation/$conversationId',
        params: { slug, instanceSlug, conversationId },
      })
    : linkOptions({ to: '/$slug/talk/conversation/$conversationId', params: { slug, conversationId } })

/** /{slug}/call/{conversationId}: a call's transcript (spec 2 §2). */
export const callTranscriptLink = (slug: string, conversationId: string) =>
  linkOptions({ to: '/$slug/call/$conversationId', params: { slug, conversationId } })
