// Screens and dialogs loaded when first shown, each in its own chunk.
export const loadPrivacyPolicyScreen = () => import('./PrivacyPolicyScreen')
export const loadTermsOfUseScreen = () => import('./TermsOfUseScreen')
