import { useEffect, useRef, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import Bookmark from '@mui/icons-material/Bookmark';
import { useQuery } from '@tanstack/react-query';
import type { CardItem, PaperQu } from '../../../../common/api/paper';
import type { AnswerInput } from '../../../../common/api/qu';
import { QuType } from '../../../../common/codes';
import { QuestionAnswer } from '../../../../common/components/question';
import { LoadError } from '../../../components/LoadError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { examKeys, getPaperQu } from '../api/exam';
import type { AnswerState, PaperAnswers } from './paperAnswers';
import { scoreText } from '../format';

/** Typing is saved once the learner pauses this long; clicks are saved at once. */
export const TYPING_SAVE_DELAY_MS = 800;

const NO_ANSWER: AnswerInput = {};

interface Props {
  paperId: string;
  item: CardItem;
  /** 1-based number on the paper. */
  number: number;
  perScore: number;
  answers: PaperAnswers;
  blockPaste: boolean;
  onPasteBlocked: () => void;
}

/** A question's or sub-question's newest answer on the page (re-renders only when that one changes). */
function useAnswer(answers: PaperAnswers, quId: string) {
  return useSyncExternalStore(answers.subscribe, () => answers.get(quId));
}

/** The newest answers of a combined question's parts, by sub quId. */
function useSubAnswers(qu: PaperQu, answers: PaperAnswers): Record<string, AnswerInput> {
  const subIds = qu.subList.map((s) => s.quId);
  // Re-renders when any part changes; the snapshot is the parts' own state objects, compared one by one.
  const snapshot = useRef<Array<AnswerState | undefined>>([]);
  const parts = useSyncExternalStore(answers.subscribe, () => {
    const next = subIds.map((id) => answers.get(id));
    if (next.length !== snapshot.current.length || next.some((p, i) => p !== snapshot.current[i])) snapshot.current = next;
    return snapshot.current;
  });
  return Object.fromEntries(subIds.map((id, i) => [id, parts[i]?.answer ?? NO_ANSWER]));
}

function Loaded({ qu, props }: { qu: PaperQu; props: Props }) {
  const { answers, item } = props;
  const own = useAnswer(answers, item.quId);
  const subs = useSubAnswers(qu, answers);
  const value = own?.answer ?? NO_ANSWER;
  const mark = own?.mark ?? false;

  const typed = (type: number) => (type === QuType.SHORT || type === QuType.FILL ? TYPING_SAVE_DELAY_MS : 0);
  const change = (next: AnswerInput) => answers.change(qu.quId, next, typed(qu.quType));
  const changeSub = (subId: string, next: AnswerInput) => {
    const sub = qu.subList.find((s) => s.quId === subId);
    answers.change(subId, next, typed(sub?.quType ?? 0), qu.quId);
  };
  const toggleMark = () => answers.setMark(qu.quId, !mark);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
          第 {props.number} 题
        </Typography>
        <Chip size="small" label={QuType.label(qu.quType)} />
        <Typography variant="body2" color="text.secondary">
          （{scoreText(props.perScore)} 分）
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button
          size="small"
          color={mark ? 'warning' : 'inherit'}
          startIcon={mark ? <Bookmark /> : <BookmarkBorder />}
          onClick={toggleMark}
          aria-pressed={mark}
        >
          {mark ? '已标记' : '标记'}
        </Button>
      </Stack>
      <QuestionAnswer
        qu={qu}
        value={value}
        onChange={change}
        subValues={subs}
        onSubChange={changeSub}
        blockPaste={props.blockPaste}
        onPasteBlocked={props.onPasteBlocked}
      />
    </Stack>
  );
}

/** One question of the paper: loaded from qu-detail (never with its answer), answered, saved through the journal. */
export function PaperQuestion(props: Props) {
  const query = useQuery({
    queryKey: examKeys.qu(props.paperId, props.item.quId),
    queryFn: () => getPaperQu(props.paperId, props.item.quId),
    // What is on screen is the page's own state from here on: never refetched under the learner's hands.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 3,
  });
  const { answers } = props;
  // Seeds the page's answers with the server's copy; a newer one already on the page keeps its place.
  useEffect(() => {
    if (query.data) answers.loaded(query.data);
  }, [answers, query.data]);
  const seeded = useAnswer(answers, props.item.quId);
  if (query.data && seeded) return <Loaded key={query.data.quId} qu={query.data} props={props} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <LoadingScreen />;
}
