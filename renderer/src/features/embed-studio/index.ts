// The embeds page is loaded when first shown, in its own chunk.
export const loadEmbedsScreen = () => import('./EmbedsScreen')
