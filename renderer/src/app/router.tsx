import type { QueryClient } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  type LocationRewrite,
  lazyRouteComponent,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router'
import { cloneQuery, clonesQuery } from '../api/clones'
import { loadAccountProfileScreen, loadActionsScreen } from '../features/account-settings'
import { loadAnnouncementsScreen } from '../features/announcements'
import { loadBillingScreen, loadMembershipsScreen } from '../features/billing'
import { loadEmbedsScreen } from '../features/embed-studio'
import { loadExploreScreen } from '../features/explore'
import { loadPrivacyPolicyScreen, loadTermsOfUseScreen } from '../features/info'
import { loadLeadsScreen } from '../features/leads'
import { CloneProfileScreen } from '../features/profile'
import { loadSharedConversationScreen } from '../features/shared-view'
import { loadStudioScreens } from '../features/studio'
import { loadAnalyticsScreen } from '../features/studio-analytics'
import { loadKnowledgeScreen } from '../features/studio-knowledge'
import { loadStudioMembershipsScreen } from '../features/studio-memberships'
import { loadStudioQuestionsScreen } from '../features/studio-questions'
import { loadConversationsScreen } from '../features/studio-review'
import { loadInvitationScreen, loadStudioTeamScreen } from '../features/studio-team'
import { loadTalkScreen } from '../features/talk'
import { loadVideoScreens } from '../features/video'
import { loadVoiceScreens } from '../features/voice'
import { parseCallSearch, parseTalkSearch } from '../navigation/search-params'
import { RootLayout } from './RootLayout'
import { RouteError, RouteNotFound, RoutePending } from './route-states'

export interface RouterContext {
  queryClient: QueryClient
}

// The chat is its own lazy chunk: the profile's first load never pays for it (npm run bench:size).
const talkScreen = lazyRouteComponent(loadTalkScreen, 'TalkRoute')
const sharedConversationScreen = lazyRouteComponent(loadSharedConversationScreen, 'SharedConversationRoute')
// The voice call, its transcript and the shared call: one lazy chunk, never in the profile's first load.
const voiceScreen = (name: keyof Awaited<ReturnType<typeof loadVoiceScreens>>) =>
  lazyRouteComponent(loadVoiceScreens, name)
const callScreen = voiceScreen('CallRoute')
const callTranscriptScreen = voiceScreen('CallTranscriptRoute')
const sharedCallScreen = voiceScreen('SharedCallRoute')
// The video call and the shared video page (spec 2 §2): one lazy route component, in the calls' chunk.
const videoScreen = lazyRouteComponent(loadVideoScreens, 'VideoRoute')

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: RootLayout })

const route = <TPath extends string>(path: TPath) => ({ getParentRoute: () => rootRoute, path }) as const

// The product's own pages. Static segments always outrank '$slug' / '$instanceSlug' in TanStack Router.
const indexRoute = createRoute({
  ...route('/'),
  beforeLoad: () => {
    throw redirect({ to: '/explore', replace: true })
  },
})
const exploreRoute = createRoute({
  ...route('/explore'),
  loader: ({ context }) => {
    // Start the fetch on hover/navigation without blocking: the screen shows its own skeletons.
    void context.queryClient.prefetchQuery(clonesQuery())
  },
  component: lazyRouteComponent(loadExploreScreen, 'ExploreScreen'),
})
const accountProfileRoute = createRoute({
  ...route('/profile'),
  component: lazyRouteComponent(loadAccountProfileScreen, 'AccountProfileScreen'),
})
const billingRoute = createRoute({
  ...route('/billing'),
  component: lazyRouteComponent(loadBillingScreen, 'BillingScreen'),
})
const actionsRoute = createRoute({
  ...route('/actions'),
  component: lazyRouteComponent(loadActionsScreen, 'ActionsScreen'),
})
const privacyPolicyRoute = createRoute({
  ...route('/privacy-policy'),
  component: lazyRouteComponent(loadPrivacyPolicyScreen, 'PrivacyPolicyScreen'),
})
const termsOfUseRoute = createRoute({
  ...route('/terms-of-use'),
  component: lazyRouteComponent(loadTermsOfUseScreen, 'TermsOfUseScreen'),
})
const membershipsRoute = createRoute({
  ...route('/memberships/$target'),
  component: lazyRouteComponent(loadMembershipsScreen, 'MembershipsScreen'),
})
// The studio home, 'Create a clone' and a clone's settings (issue #16): signed in; one lazy chunk.
const studioHomeRoute = createRoute({
  ...route('/studio'),
  component: lazyRouteComponent(loadStudioScreens, 'StudioHomeScreen'),
})
const studioNewRoute = createRoute({
  ...route('/studio/new'),
  component: lazyRouteComponent(loadStudioScreens, 'CreateCloneScreen'),
})
const studioSettingsRoute = createRoute({
  ...route('/studio/$slug/settings'),
  component: lazyRouteComponent(loadStudioScreens, 'CloneSettingsRoute'),
})
// The studio's suggested questions (spec 1 §2, issue #15): CREATOR or CONTRIBUTOR; its own lazy chunk.
const studioQuestionsRoute = createRoute({
  ...route('/studio/$slug/build/questions'),
  component: lazyRouteComponent(loadStudioQuestionsScreen, 'StudioQuestionsRoute'),
})
// The clone's knowledge base (issue #16): CREATOR or CONTRIBUTOR; its own lazy chunk.
const studioKnowledgeRoute = createRoute({
  ...route('/studio/$slug/knowledge'),
  component: lazyRouteComponent(loadKnowledgeScreen, 'KnowledgeRoute'),
})
// The creator's announcements (issue #15): CREATOR or CONTRIBUTOR; its own lazy chunk.
const studioAnnouncementsRoute = createRoute({
  ...route('/studio/$slug/announcements'),
  component: lazyRouteComponent(loadAnnouncementsScreen, 'AnnouncementsRoute'),
})
// The creator's leads (issue #14): CREATOR or CONTRIBUTOR; its own lazy chunk.
const studioLeadsRoute = createRoute({
  ...route('/studio/$slug/leads'),
  component: lazyRouteComponent(loadLeadsScreen, 'LeadsRoute'),
})
// The creator's embed configurations (issue #14): CREATOR edits, CONTRIBUTOR views; its own lazy chunk.
const studioEmbedsRoute = createRoute({
  ...route('/studio/$slug/embeds'),
  component: lazyRouteComponent(loadEmbedsScreen, 'EmbedsRoute'),
})
// Running a clone (issue #16): memberships and quotas, the team, and the invitation link's page.
const studioMembershipsRoute = createRoute({
  ...route('/studio/$slug/memberships'),
  component: lazyRouteComponent(loadStudioMembershipsScreen, 'MembershipsRoute'),
})
const studioTeamRoute = createRoute({
  ...route('/studio/$slug/team'),
  component: lazyRouteComponent(loadStudioTeamScreen, 'TeamRoute'),
})
const studioInvitationRoute = createRoute({
  ...route('/studio/invite/$token'),
  component: lazyRouteComponent(loadInvitationScreen, 'InvitationRoute'),
})
// Conversation review and analytics (issue #16): CREATOR or CONTRIBUTOR reads; each its own lazy chunk.
const studioConversationsRoute = createRoute({
  ...route('/studio/$slug/conversations'),
  component: lazyRouteComponent(loadConversationsScreen, 'ConversationsRoute'),
})
const studioAnalyticsRoute = createRoute({
  ...route('/studio/$slug/analytics'),
  component: lazyRouteComponent(loadAnalyticsScreen, 'AnalyticsRoute'),
})

// A clone (spec 1 §2).
const profileRoute = createRoute({
  ...route('/$slug'),
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(cloneQuery(params.slug))
  },
  component: function ProfileRoute() {
    const { slug } = profileRoute.useParams()
    return <CloneProfileScreen slug={slug} />
  },
})
const talkRoute = createRoute({
  ...route('/$slug/talk'),
  validateSearch: parseTalkSearch,
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(cloneQuery(params.slug))
  },
  component: talkScreen,
})
const conversationRoute = createRoute({
  ...route('/$slug/talk/conversation/$conversationId'),
  validateSearch: parseTalkSearch,
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(cloneQuery(params.slug))
  },
  component: talkScreen,
})
const sharedConversationRoute = createRoute({
  ...route('/$slug/talk/conversation/shared/$shareId'),
  validateSearch: parseTalkSearch,
  component: sharedConversationScreen,
})

// Calls (spec 2 §2).
const callRoute = createRoute({
  ...route('/$slug/call'),
  validateSearch: parseCallSearch,
  component: callScreen,
})
const sharedCallRoute = createRoute({
  ...route('/$slug/call/shared/$shareId'),
  component: sharedCallScreen,
})
const callTranscriptRoute = createRoute({
  ...route('/$slug/call/transcript'),
  component: callTranscriptScreen,
})
const callConversationRoute = createRoute({
  ...route('/$slug/call/$conversationId'),
  component: callTranscriptScreen,
})
const videoRoute = createRoute({
  ...route('/$slug/video'),
  validateSearch: parseCallSearch,
  component: videoScreen,
})
const sharedVideoRoute = createRoute({
  ...route('/$slug/video/shared/$shareId'),
  component: videoScreen,
})

// The same screens for an instance of a clone.
const instanceProfileRoute = createRoute({
  ...route('/$slug/$instanceSlug'),
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(cloneQuery(params.slug, params.instanceSlug))
  },
  component: function InstanceProfileRoute() {
    const { slug, instanceSlug } = instanceProfileRoute.useParams()
    return <CloneProfileScreen slug={slug} instanceSlug={instanceSlug} />
  },
})
const instanceTalkRoute = createRoute({
  ...route('/$slug/$instanceSlug/talk'),
  validateSearch: parseTalkSearch,
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(cloneQuery(params.slug, params.instanceSlug))
  },
  component: talkScreen,
})
const instanceConversationRoute = createRoute({
  ...route('/$slug/$instanceSlug/talk/conversation/$conversationId'),
  validateSearch: parseTalkSearch,
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(cloneQuery(params.slug, params.instanceSlug))
  },
  component: talkScreen,
})
const instanceSharedConversationRoute = createRoute({
  ...route('/$slug/$instanceSlug/talk/conversation/shared/$shareId'),
  validateSearch: parseTalkSearch,
  component: sharedConversationScreen,
})
const instanceCallRoute = createRoute({
  ...route('/$slug/$instanceSlug/call'),
  validateSearch: parseCallSearch,
  component: callScreen,
})
const instanceVideoRoute = createRoute({
  ...route('/$slug/$instanceSlug/video'),
  validateSearch: parseCallSearch,
  component: videoScreen,
})

export const routeTree = rootRoute.addChildren([
  indexRoute,
  exploreRoute,
  accountProfileRoute,
  billingRoute,
  actionsRoute,
  privacyPolicyRoute,
  termsOfUseRoute,
  membershipsRoute,
  studioHomeRoute,
  studioNewRoute,
  studioSettingsRoute,
  studioQuestionsRoute,
  studioKnowledgeRoute,
  studioLeadsRoute,
  studioAnnouncementsRoute,
  studioEmbedsRoute,
  studioMembershipsRoute,
  studioTeamRoute,
  studioInvitationRoute,
  studioConversationsRoute,
  studioAnalyticsRoute,
  profileRoute,
  talkRoute,
  conversationRoute,
  sharedConversationRoute,
  callRoute,
  sharedCallRoute,
  callTranscriptRoute,
  callConversationRoute,
  videoRoute,
  sharedVideoRoute,
  instanceProfileRoute,
  instanceTalkRoute,
  instanceConversationRoute,
  instanceSharedConversationRoute,
  instanceCallRoute,
  instanceVideoRoute,
])

export function createAppRouter({
  queryClient,
  history,
  rewrite,
}: {
  queryClient: QueryClient
  history?: RouterHistory
  /** Embed mode (navigation/embed-rewrite.ts): the iframe's '/embed/...' addresses to the product routes. */
  rewrite?: LocationRewrite
}) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    ...(rewrite ? { rewrite } : {}),
    defaultPreload: 'intent',
    // Loaders only start queries; TanStack Query owns caching, so the router never serves stale loader data.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: RouteNotFound,
    scrollRestoration: true,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
