/**
 * The two content widths of the learner area, defined once (px, padding included): list and
 * dashboard pages span the header's width; reading pages (a notice, a profile) keep lines short.
 */
export const PAGE_WIDTH = {
  wide: 1200,
  reading: 880,
} as const;

export type PageWidth = keyof typeof PAGE_WIDTH;
