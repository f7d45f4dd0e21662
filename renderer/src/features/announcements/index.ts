// The creator's announcements page (issue #15) is loaded when first shown, in its own chunk.
export const loadAnnouncementsScreen = () => import('./AnnouncementsScreen')
