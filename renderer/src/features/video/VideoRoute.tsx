import { useParams } from '@tanstack/react-router'
import { SharedVideoScreen } from './SharedVideoScreen'
import { VideoScreen } from './VideoScreen'

/**
 * /{slug}/video, /{slug}/{instanceSlug}/video and /{slug}/video/shared/{shareId} (spec 2 §2): one route
 * component for the router (one lazy entry in the first load's preload map), the share id choosing the page.
 */
export function VideoRoute() {
  const params = useParams({ strict: false }) as { slug?: string; instanceSlug?: string; shareId?: string }
  const slug = params.slug ?? ''
  return params.shareId ? (
    <SharedVideoScreen slug={slug} shareId={params.shareId} />
  ) : (
    <VideoScreen slug={slug} instanceSlug={params.instanceSlug} />
  )
}
