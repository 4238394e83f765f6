import Chip from '@mui/material/Chip';
import type { WrongBookItem } from '../../../common/api/wrongBook';

/** How a wrong-book question went: 答错 N 次, or 部分得分 when it was only ever partly scored (not counted as wrong). */
export function WrongCountChip({ item }: { item: Pick<WrongBookItem, 'partial' | 'wrongCount'> }) {
  return item.partial ? (
    <Chip size="small" color="warning" variant="outlined" label="部分得分" />
  ) : (
    <Chip size="small" color="error" variant="outlined" label={`答错 ${item.wrongCount} 次`} />
  );
}
