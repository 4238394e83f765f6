import { darken, decomposeColor, getContrastRatio, getLuminance, lighten, recomposeColor, rgbToHex } from '@mui/material/styles';

/** WCAG 2 AA: normal-size text needs 4.5:1 against what it sits on. */
export const AA_TEXT_CONTRAST = 4.5;

/** `color` laid at `opacity` over the opaque `background` (what alpha(color, opacity) shows there). */
export function overlay(background: string, color: string, opacity: number): string {
  const bg = decomposeColor(background).values;
  const fg = decomposeColor(color).values;
  const values = [0, 1, 2].map((i) => Math.round(bg[i] * (1 - opacity) + fg[i] * opacity)) as [number, number, number];
  return recomposeColor({ type: 'rgb', values });
}

/**
 * The nearest shade of a brand colour that reads as text on every one of `surfaces`: darkened on
 * light surfaces (so white text reads on it too), lightened on dark ones. `tints` are the
 * opacities the colour is also laid at behind itself (a selected or hovered button's tint, over
 * the first surface). A colour that already reads is kept as it is.
 */
export function readableColor(color: string, surfaces: readonly string[], tints: readonly number[] = []): string {
  const dark = getLuminance(surfaces[0]) < 0.5;
  const reads = (c: string) =>
    [...surfaces, ...tints.map((t) => overlay(surfaces[0], c, t))].every((s) => getContrastRatio(c, s) >= AA_TEXT_CONTRAST);
  for (let step = 0; step <= 100; step += 1) {
    const candidate = step === 0 ? color : dark ? lighten(color, step / 100) : darken(color, step / 100);
    if (reads(candidate)) return rgbToHex(candidate);
  }
  return dark ? '#ffffff' : '#000000';
}
