import { useMemo, useState } from 'react';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AnswerInput, QuBody } from '../../../common/api';
import { QuestionAnswer } from '../../../common/components/question';
import { QuLevel, QuType } from '../../../common/codes';
import { useCodeLabel } from '../shared/labels';
import { toPublic } from './quModel';

/**
 * The question as a learner sees it in an exam or a training: the shared learner renderer on
 * the public shape (no right answers), answerable so the administrator can try it.
 */
export function QuPreview({ q }: { q: QuBody }) {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const qu = useMemo(() => toPublic(q), [q]);
  const [value, setValue] = useState<AnswerInput>({});
  const [subValues, setSubValues] = useState<Record<string, AnswerInput>>({});
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={translate('examhall.quEditor.preview')} component="section">
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1.5 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 600, flex: 1 }}>
          {translate('examhall.quEditor.preview')}
        </Typography>
        <Chip size="small" color="primary" variant="outlined" label={codeLabel(QuType.items, q.quType)} />
        {q.level === QuLevel.HARDER ? <Chip size="small" color="warning" variant="outlined" label={codeLabel(QuLevel.items, q.level)} /> : null}
      </Stack>
      <Box sx={{ '& .rich-content img': { maxWidth: '100%' } }}>
        <QuestionAnswer
          key={`${q.quType}-${qu.blankCount}-${qu.subList.length}`}
          qu={qu}
          value={value}
          onChange={setValue}
          subValues={subValues}
          onSubChange={(id, v) => setSubValues((s) => ({ ...s, [id]: v }))}
        />
      </Box>
    </Paper>
  );
}
