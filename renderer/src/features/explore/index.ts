// The directory loads as its own chunk: the profile's first load does not carry it (npm run bench:size).
export const loadExploreScreen = () => import('./ExploreScreen')
