import { Chip, type ChipProps } from '@mui/material';

/** A coded value shown as a small coloured chip. */
export function StateChip({ label, color }: { label: string; color: ChipProps['color'] }) {
  return <Chip size="small" label={label} color={color} variant={color === 'default' ? 'outlined' : 'filled'} />;
}
