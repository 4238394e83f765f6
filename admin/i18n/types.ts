/**
 * A catalogue with exactly the keys of T, every leaf a string: `const en: Catalogue<typeof zh>`
 * fails the type check when a key is missing (or misspelt) in the translation.
 */
export type Catalogue<T> = T extends string ? string : { -readonly [K in keyof T]-?: Catalogue<NonNullable<T[K]>> };

/** One screen's messages: zh-CN is the source, English must match it key for key. */
export interface Messages<T> {
  zh: T;
  en: Catalogue<T>;
}

/** `defineMessages(zh, en)`: a missing English key is a compile error. */
export const defineMessages = <T,>(zh: T, en: Catalogue<T>): Messages<T> => ({ zh, en });
