export { ExploreScreen } from './ExploreScreen'
