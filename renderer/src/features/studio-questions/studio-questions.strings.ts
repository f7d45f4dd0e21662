import { MAX_QUESTION_LENGTH, MAX_SUGGESTED_QUESTIONS } from '../../../../contract/studio'

/** The studio's suggested questions page (spec 1 §2 '/studio/{slug}/build/questions'; issue #15). */
export const studioQuestionsStrings = {
  title: 'Suggested questions',
  pageTitle: (name: string) => `Suggested questions · ${name}`,
  subtitle: (name: string) =>
    `The questions ${name} suggests to visitors on its profile and when a chat starts.`,
  loading: 'Loading suggested questions…',
  loadFailed: 'Could not load the suggested questions.',
  retry: 'Try again',
  listLabel: 'Suggested questions',
  questionLabel: (n: number) => `Question ${n}`,
  moveUp: (n: number) => `Move question ${n} up`,
  moveDown: (n: number) => `Move question ${n} down`,
  remove: (n: number) => `Remove question ${n}`,
  add: 'Add question',
  placeholder: 'Ask something a visitor would like to know',
  empty: 'No suggested questions yet. Add one so visitors know where to start.',
  max: `A clone can suggest up to ${MAX_SUGGESTED_QUESTIONS} questions.`,
  problems: {
    empty: 'Write a question or remove it.',
    tooLong: `Keep it to ${MAX_QUESTION_LENGTH} characters.`,
  },
  save: 'Save',
  saving: 'Saving…',
  saved: 'Suggested questions saved',
  saveFailed: 'Could not save the suggested questions. Please try again.',
  unsaved: 'You have unsaved changes.',
  discard: 'Discard changes',
  viewProfile: 'View profile',
  signedOutTitle: 'Log in to edit suggested questions',
  signedOutBody: 'Suggested questions are edited by the creator of a clone and its contributors.',
  logIn: 'Log in',
  notYoursTitle: 'No suggested questions here',
  notYoursBody: 'This clone does not exist, or you are not its creator or a contributor.',
  exploreClones: 'Explore clones',
}
