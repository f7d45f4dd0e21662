import { englishAnalyzer } from './language/analyzer'

/**
 * English search terms, for code that reads text without a clone at hand (attached files' subjects, tests).
 * A clone's own material is read in the clone's language: language/analyzer.ts.
 */

/** Words of a text: letters and digits, apostrophes folded so "don’t" reads as one word ('dont'). */
export const words = (text: string): string[] => englishAnalyzer().words(text)

/** The search terms of a text, in order, repeats kept (term frequency matters to BM25). */
export const searchTerms = (text: string): string[] => englishAnalyzer().terms(text)

export const isStopWord = (word: string) => englishAnalyzer().isStopWord(word)

/** The index term of a word: Snowball's English (Porter2) stem. */
export const stem = (word: string): string => englishAnalyzer().stem(word)
