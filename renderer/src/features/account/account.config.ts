/**
 * spec 1 §6: 'Give feedback' in the account menu is hidden for two named clones (and in white-labelled
 * embeds: account-menu.ts). The names are configuration, not code: add the clones' slugs here. Empty by
 * default.
 */
export const FEEDBACK_HIDDEN_CLONE_SLUGS: readonly string[] = []

/** spec 1 §2: the studio page for editing suggested questions, opened in a new tab. */
export const studioQuestionsPath = (slug: string) => `/studio/${encodeURIComponent(slug)}/build/questions`
