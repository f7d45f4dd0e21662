// The studio's own pages (issue #16), one lazy chunk: the home, the create form and a clone's settings.
import './studio.css'

export { CloneSettingsRoute } from './CloneSettingsScreen'
export { CreateCloneScreen } from './CreateCloneScreen'
export { StudioHomeScreen } from './StudioHomeScreen'
