// The leads page is loaded when first shown, in its own chunk.
export const loadLeadsScreen = () => import('./LeadsScreen')
