import { defineStrings, msg } from '../../../../contract/i18n'

/** The studio's suggested questions page (spec 1 §2 '/studio/{slug}/build/questions'; issue #15). */
export const studioQuestionsStrings = defineStrings('studio-questions', {
  title: 'Suggested questions',
  /** The browser tab's title: the page, then the clone's name. */
  pageTitle: msg('Suggested questions · {name}', 'name'),
  subtitle: msg('The questions {name} suggests to visitors on its profile and when a chat starts.', 'name'),
  loading: 'Loading suggested questions…',
  loadFailed: 'Could not load the suggested questions.',
  retry: 'Try again',
  listLabel: 'Suggested questions',
  // {n}: the question's position in the list (1, 2, 3…)
  questionLabel: msg('Question {n}', 'n'),
  moveUp: msg('Move question {n} up', 'n'),
  moveDown: msg('Move question {n} down', 'n'),
  remove: msg('Remove question {n}', 'n'),
  add: 'Add question',
  placeholder: 'Ask something a visitor would like to know',
  empty: 'No suggested questions yet. Add one so visitors know where to start.',
  max: msg('A clone can suggest up to {max} questions.', 'max'),
  problems: {
    empty: 'Write a question or remove it.',
    tooLong: msg('Keep it to {max} characters.', 'max'),
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
})
