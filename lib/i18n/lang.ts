/** The languages of every text of the service. */
export type Lang = 'de' | 'en';
export const LANGS: readonly Lang[] = ['de', 'en'];

/** A text in both languages (an API answer's `translations`). */
export type Text = Record<Lang, string>;
