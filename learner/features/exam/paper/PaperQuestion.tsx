import { useEffect, useState } from 'react';
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
import { QuestionAnswer, hasAnswer } from '../../../../common/components/question';
import { LoadError } from '../../../components/LoadError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { examKeys, getPaperQu } from '../api/exam';
import type { AnswerSync } from '../answerSync';
import { scoreText } from '../format';

/** Typing is saved once the learner pauses this long; clicks are saved at once. */
export const TYPING_SAVE_DELAY_MS = 800;

const pick = (a: AnswerInput): AnswerInput => ({ answers: a.answers, answer: a.answer, blanks: a.blanks, pairs: a.pairs });

export interface CardState {
  answered: boolean;
  mark: boolean;
}

interface Props {
  paperId: string;
  item: CardItem;
  /** 1-based number on the paper. */
  number: number;
  perScore: number;
  sync: AnswerSync;
  blockPaste: boolean;
  onPasteBlocked: () => void;
  /** The card's view of this question changed (answered, marked). */
  onCard: (quId: string, state: CardState) => void;
}

/** The values on screen: the journal's unacknowledged state wins over what the server last sent. */
function initialValues(qu: PaperQu, sync: AnswerSync) {
  sync.known(qu.quId, qu.saved.seq);
  Object.entries(qu.subSaved).forEach(([id, s]) => sync.known(id, s.seq));
  const local = sync.local(qu.quId);
  const subs: Record<string, AnswerInput> = {};
  qu.subList.forEach((s) => {
    subs[s.quId] = sync.local(s.quId)?.answer ?? pick(qu.subSaved[s.quId] ?? {});
  });
  return { value: local?.answer ?? pick(qu.saved), mark: local?.mark ?? qu.saved.mark, subs };
}

function Loaded({ qu, props }: { qu: PaperQu; props: Props }) {
  const { sync, item, onCard } = props;
  const [state] = useState(() => initialValues(qu, sync));
  const [value, setValue] = useState(state.value);
  const [subs, setSubs] = useState(state.subs);
  const [mark, setMark] = useState(state.mark);
  const combined = qu.quType === QuType.COMBINED;
  const answered = combined ? Object.values(subs).some(hasAnswer) : hasAnswer(value);

  useEffect(() => onCard(item.quId, { answered, mark }), [answered, mark, item.quId, onCard]);

  const typed = (type: number) => (type === QuType.SHORT || type === QuType.FILL ? TYPING_SAVE_DELAY_MS : 0);
  const change = (next: AnswerInput) => {
    setValue(next);
    sync.change(qu.quId, next, mark, typed(qu.quType));
  };
  const changeSub = (subId: string, next: AnswerInput) => {
    setSubs((s) => ({ ...s, [subId]: next }));
    const sub = qu.subList.find((s) => s.quId === subId);
    sync.change(subId, next, false, typed(sub?.quType ?? 0));
  };
  const toggleMark = () => {
    setMark(!mark);
    sync.change(qu.quId, combined ? {} : value, !mark, 0);
  };

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
  if (query.data) return <Loaded key={query.data.quId} qu={query.data} props={props} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <LoadingScreen />;
}
