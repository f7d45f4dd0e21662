import type { CloneProfile } from '../../contract'
import { initialsOf, PRODUCT_NAME } from '../../contract'
import { stringsIn } from '../../contract/i18n'
import { appText, readyLanguage } from '../i18n'
import { escapeHtml as esc } from './html'
import type { pageStrings } from './page.strings'
// The table registers itself when imported.
import './page.strings'

/*
 * The first screen of a clone's profile and talk pages as HTML, written into index.html's #root so the
 * browser paints the portrait, name, headline and description before the JavaScript arrives. React
 * replaces it (createRoot clears the root) with the same markup: the classes below are those Radix Themes
 * and the screens render (ProfileHeader, ProfileActions, ProfileDescription, SuggestedQuestions,
 * ChatPromptBar, TalkHeader, StartScreen, ChatPrompt), so nothing moves when it does. The end-to-end test
 * test/e2e/prerender.spec.ts holds the two layouts together.
 *
 * Every creator-provided string goes through esc(); only the constant SVG icons below are written raw.
 *
 * The screen is written in the visitor's language (issue #25): the web app's own texts by their ids in the
 * renderer's tables (appText), the rest from server/web/page.strings.ts. Translated texts go through esc()
 * too. The icons that point (back, send) carry the app's 'icon-mirrored' class: they flip right to left.
 */

/** The screen's texts in `language`: the page table, and the web app's by id. */
function textsIn(language: string) {
  const page = stringsIn<typeof pageStrings>('server.page', readyLanguage(language))
  const app = (id: string, values?: Record<string, unknown>) => appText(id, language, values)
  return { page, app }
}
type Texts = ReturnType<typeof textsIn>

const MIRRORED = 'aria-hidden="true" class="icon-mirrored"'

/**
 * The theme root <Theme> renders (renderer/src/app/providers.tsx). Until the app takes over, the written
 * screen is a picture of itself: inert and hidden from assistive technology, so nobody types into a
 * prompt or presses a button that is about to be replaced (crawlers still read its text and links).
 */
const themeRoot = (appearance: 'light' | 'dark', content: string) =>
  `<div data-is-root-theme="true" data-accent-color="violet" data-gray-color="mauve" data-has-background="true" data-panel-background="translucent" data-radius="large" data-scaling="100%" class="radix-themes ${appearance}" data-prerendered="" inert="" aria-hidden="true">${content}</div>`

const svg = (size: number, paths: string, extra = 'aria-hidden="true"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" focusable="false" role="img" ${extra}>${paths}</svg>`

// The icons of renderer/src/ui/icons.tsx these screens show first.
const ICON = {
  message: '<path d="M21 12a8.5 8.5 0 0 1-12.4 7.6L3 21l1.4-5.2A8.5 8.5 0 1 1 21 12z"></path>',
  phone:
    '<path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.5c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z"></path>',
  video: '<rect x="2" y="6" width="14" height="12" rx="2"></rect><path d="M16 10.5l6-3.5v10l-6-3.5z"></path>',
  link: '<path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7"></path><path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7"></path>',
  send: '<path d="M12 19V5"></path><path d="M5 12l7-7 7 7"></path>',
  close: '<path d="M18 6L6 18"></path><path d="M6 6l12 12"></path>',
  warning:
    '<path d="M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"></path><path d="M12 9v4"></path><path d="M12 17h.01"></path>',
  arrowLeft: '<path d="M19 12H5"></path><path d="M12 19l-7-7 7-7"></path>',
  history:
    '<path d="M3 12a9 9 0 1 0 3-6.7L3 8"></path><path d="M3 3v5h5"></path><path d="M12 7v5l3 2"></path>',
  plus: '<path d="M12 5v14"></path><path d="M5 12h14"></path>',
  bulb: '<path d="M9 18h6"></path><path d="M10 22h4"></path><path d="M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.3 1 2.1V17h6v-.2c0-.8.4-1.6 1-2.1A7 7 0 0 0 12 2z"></path>',
  mic: '<rect x="9" y="2" width="6" height="12" rx="3"></rect><path d="M19 10a7 7 0 0 1-14 0"></path><path d="M12 17v5"></path>',
  verified:
    '<path fill="currentColor" stroke="none" d="M12 1.5l2.6 1.9 3.2-.2 1 3.1 2.6 1.9-1 3.1 1 3.1-2.6 1.9-1 3.1-3.2-.2L12 22.5l-2.6-1.9-3.2.2-1-3.1-2.6-1.9 1-3.1-1-3.1 2.6-1.9 1-3.1 3.2.2z"></path><path d="M8.2 12.2l2.6 2.6 5-5.2" stroke="var(--verified-check, white)" stroke-width="2.2"></path>',
} as const

const verifiedBadge = (size: number, t: Texts) =>
  svg(
    size,
    `<title>${esc(t.page.verified)}</title>${ICON.verified}`,
    `aria-label="${esc(t.page.verified)}" class="verified-badge"`,
  )

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect x="2" y="4" width="19" height="16" rx="8" fill="var(--accent-9)"></rect><rect x="11" y="12" width="19" height="16" rx="8" fill="var(--accent-11)" opacity="0.85"></rect><circle cx="16" cy="20" r="1.6" fill="var(--accent-contrast)"></circle><circle cx="21" cy="20" r="1.6" fill="var(--accent-contrast)"></circle><circle cx="26" cy="20" r="1.6" fill="var(--accent-contrast)"></circle></svg>'

/**
 * RootLayout's skip link and AppHeader; the account slot is left empty (it is per visitor). In an embed the
 * header has no logo (an empty place keeps the controls on the right) and its controls (the language
 * choice, the bubble's buttons) come with the app.
 */
const appHeader = (t: Texts, embedded = false) =>
  `<a href="#main" class="skip-link">${esc(t.page.skipToContent)}</a><header class="app-header"${embedded ? ' data-embedded="true"' : ''}><div class="rt-Flex rt-r-ai-center rt-r-jc-space-between rt-r-gap-3 app-header__inner">${embedded ? '<span></span>' : `<a class="app-logo" href="/explore">${LOGO}<span>${esc(PRODUCT_NAME)}</span></a>`}<div class="rt-Flex rt-r-ai-center rt-r-gap-2"></div></div></header>`

/** Radix Avatar with its image in place; the portrait is the page's largest image, so it loads first. */
function avatar(sizeClasses: string, extraClass: string, src: string | null, alt: string, px: number) {
  const inner = src
    ? `<img class="rt-AvatarImage" alt="${esc(alt)}" src="${esc(src)}" width="${px}" height="${px}" fetchpriority="high" decoding="async">`
    : `<span class="rt-AvatarFallback${initialsOf(alt).length > 1 ? ' rt-two-letters' : ' rt-one-letter'}">${esc(initialsOf(alt))}</span>`
  return `<span data-accent-color="" data-radius="full" class="rt-reset rt-AvatarRoot ${sizeClasses} rt-variant-soft${extraClass ? ` ${extraClass}` : ''}">${inner}</span>`
}

const instanceBadge = (name: string | null) =>
  name
    ? `<span data-accent-color="" data-radius="full" class="rt-reset rt-Badge rt-r-size-2 rt-variant-soft">${esc(name)}</span>`
    : ''

/** spec 1 §2: the clone's custom warning, the generic one when none is set, nothing when warnings are off. */
const warningText = (clone: CloneProfile, t: Texts): string | null =>
  clone.options.warning ? clone.options.customWarning?.trim() || t.page.genericWarning : null

const clonePath = (clone: CloneProfile) =>
  clone.instance
    ? `/${encodeURIComponent(clone.slug)}/${encodeURIComponent(clone.instance.slug)}`
    : `/${encodeURIComponent(clone.slug)}`

const portraitOf = (clone: CloneProfile): string | null => clone.instance?.imageUrl ?? clone.imageUrl ?? null

/**
 * The mic as the live prompt has it on its first mount (features/dictation/use-lazy-dictation.tsx: the plain
 * mic, 'Record voice message', not recording, never disabled before a press); test/unit/renderer/features/
 * talk/prerendered-prompt.test.tsx compares the two.
 */
const MIC_STATE = ' data-indicator="mic" data-state="notRecording"'

/** How many suggested questions show before 'Show more' on the profile, and on the talk start screen. */
const PROFILE_QUESTIONS = 4
const START_QUESTIONS = 3

/** The profile screen (CloneProfileScreen with a loaded clone), in `language`. */
export function renderProfile(clone: CloneProfile, appearance: 'light' | 'dark', language: string): string {
  const t = textsIn(language)
  const path = clonePath(clone)
  const portrait = portraitOf(clone)
  const warning = warningText(clone, t)
  const banner = warning
    ? `<div data-accent-color="amber" role="note" aria-label="${esc(t.page.warning)}" class="rt-CalloutRoot rt-r-size-2 rt-variant-surface rt-high-contrast warning-banner"><div class="rt-CalloutIcon">${svg(16, ICON.warning)}</div><div class="rt-Flex rt-r-ai-start rt-r-jc-space-between rt-r-gap-3"><p class="rt-Text rt-r-size-2 rt-CalloutText">${esc(warning)}</p><button data-accent-color="amber" aria-label="${esc(t.page.dismissWarning)}" class="rt-reset rt-BaseButton rt-r-size-1 rt-variant-ghost rt-IconButton" type="button">${svg(16, ICON.close)}</button></div></div>`
    : ''
  const phone = clone.phoneNumber
    ? `<button data-accent-color="gray" data-radius="full" class="rt-reset rt-BaseButton rt-r-size-2 rt-variant-soft rt-Button" type="button">${svg(16, ICON.phone)}${esc(clone.phoneNumber)}</button>`
    : ''
  const header = `<div class="rt-Flex rt-r-fd-column rt-r-ai-center rt-r-gap-3 profile-header">${avatar('rt-r-size-8 sm:rt-r-size-9', 'profile-header__avatar', portrait, clone.name, 160)}<div class="rt-Flex rt-r-fd-column rt-r-ai-center rt-r-gap-1"><div class="rt-Flex rt-r-ai-center rt-r-jc-center rt-r-fw-wrap rt-r-gap-2"><h1 class="rt-Heading rt-r-size-7 sm:rt-r-size-8 rt-r-ta-center">${esc(clone.name)}</h1>${clone.verified ? verifiedBadge(22, t) : ''}</div>${instanceBadge(clone.instance?.name ?? null)}${clone.headline ? `<p data-accent-color="gray" class="rt-Text rt-r-size-3 rt-r-ta-center profile-header__headline">${esc(clone.headline)}</p>` : ''}</div>${phone}</div>`
  const action = (variant: string, href: string, icon: string, label: string) =>
    `<a data-accent-color="" class="rt-reset rt-BaseButton rt-r-size-3 rt-variant-${variant} rt-Button" href="${esc(href)}">${svg(16, icon)}${esc(label)}</a>`
  const hasSocials = Object.entries(clone.socials ?? {}).some(([key, value]) =>
    key === 'extras' ? Array.isArray(value) && value.length > 0 : Boolean(value),
  )
  const actions = `<div class="rt-Flex rt-r-jc-center rt-r-fw-wrap rt-r-gap-3 profile-actions">${action('solid', `${path}/talk`, ICON.message, t.page.message)}${clone.allowVoice ? action('soft', `${path}/call`, ICON.phone, t.page.call) : ''}${clone.allowVideo ? action('soft', `${path}/video`, ICON.video, t.page.video) : ''}${hasSocials ? `<button data-accent-color="" class="rt-reset rt-BaseButton rt-r-size-3 rt-variant-outline rt-Button" type="button">${svg(16, ICON.link)}${esc(t.page.viewLinks)}</button>` : ''}</div>`
  const paragraphs = (clone.description ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
  const description = paragraphs.length
    ? `<section class="profile-description"><h2 class="rt-Heading rt-r-size-4 rt-r-mb-2">${esc(t.page.about(clone.name))}</h2>${paragraphs.map((p) => `<p class="rt-Text rt-r-size-3 profile-description__paragraph">${esc(p)}</p>`).join('')}</section>`
    : ''
  const questions = clone.options.suggestQuestions ? clone.suggestedQuestions : []
  const shown = questions.slice(0, PROFILE_QUESTIONS)
  const more = questions.length - shown.length
  const questionList = shown.length
    ? `<section class="suggested-questions"><h2 class="rt-Heading rt-r-size-4 rt-r-mb-3">${esc(t.page.suggestedQuestions)}</h2><ul class="suggested-questions__list">${shown.map((q) => `<li><a class="rt-reset rt-BaseCard rt-Card rt-r-size-2 rt-variant-surface suggested-questions__card" href="${esc(`${path}/talk?${new URLSearchParams({ message: q.question })}`)}"><div class="rt-Flex rt-r-ai-start rt-r-gap-3"><span data-accent-color="gray" class="rt-Text suggested-questions__icon">${svg(16, ICON.message)}</span><span class="rt-Text rt-r-size-2">${esc(q.question)}</span></div></a></li>`).join('')}</ul>${more > 0 ? `<div class="rt-Flex rt-r-jc-center rt-r-mt-3"><button data-accent-color="" class="rt-reset rt-BaseButton rt-r-size-2 rt-variant-ghost rt-Button" type="button">${esc(t.page.showMoreQuestions(more))}</button></div>` : ''}</section>`
    : ''
  const promptBar = `<form class="prompt-bar"><div class="prompt-bar__field"><div class="rt-TextAreaRoot rt-r-size-3 rt-variant-surface prompt-bar__textarea"><textarea class="rt-reset rt-TextAreaInput" rows="1" aria-label="${esc(t.app('chat.promptLabel', { name: clone.name }))}" placeholder="${esc(t.app('chat.promptPlaceholder'))}" enterkeyhint="send"></textarea></div><button data-disabled="true" data-accent-color="" data-radius="full" type="submit" aria-label="${esc(t.page.send)}" class="rt-reset rt-BaseButton rt-r-size-2 rt-variant-solid rt-IconButton prompt-bar__send" disabled="">${svg(16, ICON.send, MIRRORED)}</button></div></form>`
  return themeRoot(
    appearance,
    `${appHeader(t)}<main id="main" class="page profile-page"><div class="rt-Container rt-r-size-2 rt-r-px-4 rt-r-pt-5 rt-r-pb-4 profile-page__content"><div class="rt-ContainerInner">${banner}${header}${actions}${description}${questionList}</div></div>${promptBar}</main>`,
  )
}

/** Where a talk screen is written into an embed (server/web/page-head.ts renderEmbedPage). */
export interface EmbedTalk {
  /** The embed's root, '/embed/{target}/{configId}': its back link goes to the root's '/overview'. */
  root: string
  /** A white-labelled configuration shows no 'powered by' line (features/embed/PoweredBy.tsx). */
  whitelabel: boolean
}

/**
 * The talk screen of a new conversation (TalkScreen with its start screen, before the first message), in
 * `language`; inside an embed when `embed` is given.
 */
export function renderTalk(
  clone: CloneProfile,
  appearance: 'light' | 'dark',
  startScreen: boolean,
  language: string,
  embed: EmbedTalk | null = null,
): string {
  const t = textsIn(language)
  const path = clonePath(clone)
  const backHref = embed ? `${embed.root}/overview` : path
  const portrait = portraitOf(clone)
  const header = `<div class="talk-header"><div class="rt-Flex rt-r-ai-center rt-r-gap-3 talk-header__inner"><a class="talk-header__back" aria-label="${esc(t.page.backTo(clone.name))}" href="${esc(backHref)}">${svg(18, ICON.arrowLeft, MIRRORED)}${avatar('rt-r-size-2', '', portrait, '', 32)}</a><div class="rt-Flex rt-r-fd-column talk-header__text"><div class="rt-Flex rt-r-ai-center rt-r-gap-1"><h1 class="talk-header__name">${esc(clone.name)}</h1>${clone.verified ? verifiedBadge(16, t) : ''}</div>${clone.instance ? `<span data-accent-color="gray" class="rt-Text rt-r-size-1 talk-header__subtitle">${esc(clone.instance.name)}</span>` : ''}</div><div class="rt-Flex rt-r-ai-center rt-r-ml" style="--ml: auto;"><button data-accent-color="gray" data-radius="full" aria-label="${esc(t.app('history.openHistory'))}" type="button" class="rt-reset rt-BaseButton rt-r-size-2 rt-variant-ghost rt-IconButton">${svg(18, ICON.history)}</button></div></div></div>`
  const questions = (clone.options.suggestQuestions ? clone.suggestedQuestions : []).slice(0, START_QUESTIONS)
  const start = `<div class="talk-start"><div class="rt-Flex rt-r-fd-column rt-r-ai-center rt-r-gap-3 talk-start__intro">${avatar('rt-r-size-7', 'talk-start__avatar', portrait, '', 96)}<div class="rt-Flex rt-r-ai-center rt-r-jc-center rt-r-fw-wrap rt-r-gap-2"><h2 class="rt-Heading rt-r-size-6 rt-r-ta-center">${esc(clone.name)}</h2>${clone.verified ? verifiedBadge(20, t) : ''}</div>${instanceBadge(clone.instance?.name ?? null)}${clone.headline ? `<p data-accent-color="gray" class="rt-Text rt-r-size-2 rt-r-ta-center talk-start__headline">${esc(clone.headline)}</p>` : ''}</div>${
    questions.length
      ? `<section class="talk-start__questions"><p data-accent-color="gray" class="rt-Text rt-r-size-1 rt-r-weight-medium talk-start__label">${esc(t.page.suggestedQuestions)}</p><ul class="plain-list talk-start__list">${questions.map((q) => `<li><button type="button" class="talk-start__question">${svg(16, ICON.message)}<span>${esc(q.question)}</span></button></li>`).join('')}</ul></section>`
      : `<p data-accent-color="gray" class="rt-Text rt-r-size-2 rt-r-ta-center">${esc(t.page.startHint)}</p>`
  }</div>`
  const iconButton = (label: string, variant: string, cls: string, size: number, icon: string, more = '') =>
    `<button data-accent-color="gray" data-radius="full" type="button" aria-label="${esc(label)}"${more} class="rt-reset rt-BaseButton rt-r-size-2 rt-variant-${variant} rt-IconButton ${cls}">${svg(size, icon)}</button>`
  const prompt = `<div class="chat-prompt"><form class="chat-prompt__box">${iconButton(t.app('chat.plusMenu'), 'ghost', 'chat-prompt__icon', 18, ICON.plus)}<textarea class="chat-prompt__input" rows="1" aria-label="${esc(t.app('chat.promptLabel', { name: clone.name }))}" placeholder="${esc(t.app('chat.promptPlaceholder'))}" enterkeyhint="send" style="height: 52px; overflow-y: hidden;"></textarea>${iconButton(t.app('chat.suggestedQuestions'), 'ghost', 'chat-prompt__icon', 18, ICON.bulb)}${iconButton(t.app('dictation.record'), 'soft', 'chat-prompt__mic', 16, ICON.mic, MIC_STATE)}</form></div>`
  // The remaining-messages line is per visitor: its place is kept empty (RemainingLine keeps it too).
  const remaining = clone.options.requireEmail
    ? '<p class="remaining-line" aria-hidden="true" style="height: 18px; margin: 4px 0 0;"></p>'
    : ''
  // The 'powered by' line (features/embed/PoweredBy.tsx, same inline style): never white-labelled on the site.
  const poweredBy = embed?.whitelabel
    ? ''
    : `<p class="powered-by" style="margin: 4px 0 0; text-align: center; font-size: var(--font-size-1); line-height: var(--line-height-1); color: var(--gray-11);"><a href="/api/affiliate/${encodeURIComponent(clone.slug)}" target="_blank" rel="noopener" style="color: inherit;">${esc(t.page.poweredBy(PRODUCT_NAME))}<span class="visually-hidden"> ${esc(t.page.opensInNewTab)}</span></a></p>`
  const disclaimer = clone.options.warning ? clone.options.customWarning?.trim() : null
  const footer = `<div class="talk-footer">${prompt}${remaining}${poweredBy}${disclaimer ? `<p class="talk-disclaimer">${esc(disclaimer)}</p>` : ''}</div>`
  return themeRoot(
    appearance,
    `${appHeader(t, embed !== null)}<main id="main" class="page talk-page"><div class="talk-layout"><div class="talk-main">${header}<div class="talk-body">${startScreen ? start : ''}</div>${footer}</div><aside class="talk-aside" aria-hidden="true"></aside></div></main>`,
  )
}
