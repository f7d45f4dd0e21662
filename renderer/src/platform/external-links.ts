// The rule lives once in contract/ (the desktop main process decides with it too); web.ts still imports
// it from here under this name.
export { externalUrlToOpen as externalLinkOrNull } from '../../../contract/external-links'
