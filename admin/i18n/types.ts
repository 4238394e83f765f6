/**
 * A catalogue with exactly the keys of T, every leaf a string: `const en: Catalogue<typeof zh>`
 * fails the type check when a key is missing (or misspelt) in the translation.
 */
export type Catalogue<T> = T extends string ? string : { -readonly [K in keyof T]-?: Catalogue<NonNullable<T[K]>> };
