export { CitationLabel } from './CitationLabel'
export { CitationsOverlay } from './CitationsOverlay'
export { citationsParamFor } from './citation-overlay'
export { citationsByIndex, countSources } from './citations'
