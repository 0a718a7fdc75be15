/** The words of a sighting count (subject.ts counts, verdict.ts carries them): types only, so both import them without a circle. */

/** What was counted. One vocabulary, so reports read alike ("observed on 12 pages, 31 requests"). */
export type SubjectNoun =
  | 'page' | 'request' | 'navigation' | 'boundary run' | 'answer' | 'link' | 'address'
  | 'asset' | 'route group' | 'announcement' | 'history step' | 'exception' | 'post' | 'prefetch';

/** How often one kind of subject was seen, with a few places it was seen (not every one). */
export interface Count { noun: SubjectNoun; n: number; where?: string[] }
