import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Stack, Typography, type ChipProps } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import InsightsIcon from '@mui/icons-material/Insights';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import RateReviewIcon from '@mui/icons-material/RateReview';
import { useMutation } from '@tanstack/react-query';
import { Confirm, DataTable, EditButton, SelectInput, TextInput, useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { examApi, type ExamRecord } from '../../../common/api';
import { ExamOpenType, ExamState, GenericState } from '../../../common/codes';
import { formatTime } from '../../../common/format';
import { call } from '../../../common/http';
import { ListEmpty } from '../shared/EmptyState';
import { useCodeChoices, useCodeLabel } from '../shared/labels';
import { actionColumn, BulkDeleteAction, ListActions, ResourceList } from '../shared/listParts';
import { StateChip } from '../shared/StateChip';
import { parseCode } from '../shared/util';
import { PublishExamButton } from './PublishExamButton';

const RESOURCE = 'exam/list';

const STATE_COLOR: Record<number, ChipProps['color']> = {
  [ExamState.OPEN]: 'success',
  [ExamState.NOT_STARTED]: 'info',
  [ExamState.ENDED]: 'default',
  [ExamState.DISABLED]: 'warning',
  [ExamState.DRAFT]: 'secondary',
};

const time = (t: number | null) => formatTime(t, 'YYYY-MM-DD HH:mm');

/** The window in one cell: both ends, one of them, or 不限时间. */
export function WindowText({ start, end }: { start: number | null; end: number | null }) {
  const translate = useTranslate();
  if (start === null && end === null) return <>{translate('examhall.exams.noWindow')}</>;
  if (start !== null && end !== null)
    return (
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {time(start)}
        <br />~ {time(end)}
      </Typography>
    );
  return <>{start !== null ? translate('examhall.exams.from', { time: time(start) }) : translate('examhall.exams.until', { time: time(end) })}</>;
}

/**
 * 考试列表: state (草稿 until published, then stored and computed), audience, window, duration,
 * papers handed in and awaiting marking. A draft's row offers 发布 in place of 启用 / 禁用.
 */
export function ExamList() {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const stateChoices = useCodeChoices(ExamState.items);
  const openTypeChoices = useCodeChoices(ExamOpenType.items);
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  return (
    <ResourceList
      resource={RESOURCE}
      filters={[
        <TextInput key="title" source="title" resettable />,
        <SelectInput key="state" source="state" choices={stateChoices} emptyText="" parse={parseCode} />,
        <SelectInput key="openType" source="openType" choices={openTypeChoices} emptyText="" parse={parseCode} />,
      ]}
      actions={<ListActions resource={RESOURCE} />}
      sort={{ field: 'createTime', order: 'DESC' }}
    >
      <DataTable<ExamRecord>
        rowClick={canEdit ? 'edit' : false}
        bulkActionButtons={<BulkDeleteAction resource={RESOURCE} confirmContent="examhall.exams.deleteConfirm" />}
        empty={<ListEmpty message="examhall.exams.empty" />}
      >
        <DataTable.Col source="title" disableSort cellClassName="wide-text" />
        <DataTable.Col source="state" disableSort render={(r) => <StateChip label={codeLabel(ExamState.items, r.state)} color={STATE_COLOR[r.state] ?? 'default'} />} />
        <DataTable.Col source="openType" disableSort render={(r) => codeLabel(ExamOpenType.items, r.openType)} />
        <DataTable.Col source="window" disableSort render={(r) => <WindowText start={r.startTime} end={r.endTime} />} />
        <DataTable.Col
          source="duration"
          disableSort
          render={(r) => (r.totalTime > 0 ? translate('examhall.exams.minutes', { n: r.totalTime }) : translate('examhall.exams.untilEnd'))}
        />
        <DataTable.Col
          source="totalScore"
          disableSort
          align="right"
          render={(r) => (
            <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
              {r.totalScore} / {r.qualifyScore}
            </Typography>
          )}
        />
        <DataTable.Col
          source="papers"
          disableSort
          render={(r) => (
            <Stack direction="row" spacing={0.75} alignItems="center" sx={{ whiteSpace: 'nowrap' }}>
              <Typography variant="body2" component="span">
                {r.paperCount}
              </Typography>
              {r.awaitingMarkCount > 0 ? <StateChip label={translate('examhall.exams.awaiting', { n: r.awaitingMarkCount })} color="warning" /> : null}
            </Stack>
          )}
        />
        <DataTable.Col label="examhall.common.actions" disableSort {...actionColumn}>
          <RowActions canEdit={Boolean(canEdit)} />
        </DataTable.Col>
      </DataTable>
    </ResourceList>
  );
}

function RowActions({ canEdit }: { canEdit: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<ExamRecord>();
  const { canAccess: canState } = useCanAccess({ resource: RESOURCE, action: 'state' });
  const { canAccess: canPapers } = useCanAccess({ resource: 'exam/paper', action: 'list' });
  const { canAccess: canMark } = useCanAccess({ resource: 'exam/mark', action: 'list' });
  if (!record) return null;
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  const id = encodeURIComponent(record.id);
  return (
    <Stack direction="row" spacing={0.5} onClick={stop}>
      {canEdit ? <EditButton label="examhall.common.edit" /> : null}
      {canState ? record.state === ExamState.DRAFT ? <PublishExamButton record={record} /> : <StateToggle record={record} /> : null}
      {canPapers ? (
        <Button size="small" component={Link} to={`/exam/paper?examId=${id}`} startIcon={<FactCheckIcon />}>
          {translate('examhall.exams.papers')}
        </Button>
      ) : null}
      {canPapers && record.paperCount > 0 ? (
        <Button size="small" component={Link} to={`/exam/list/${id}/ranking`} startIcon={<LeaderboardIcon />}>
          {translate('examhall.exams.ranking')}
        </Button>
      ) : null}
      {canPapers && record.paperCount > 0 ? (
        <Button size="small" component={Link} to={`/exam/list/${id}/stats`} startIcon={<InsightsIcon />}>
          {translate('examhall.stats.open')}
        </Button>
      ) : null}
      {canMark && record.awaitingMarkCount > 0 ? (
        <Button size="small" color="warning" component={Link} to={`/exam/mark?examId=${id}`} startIcon={<RateReviewIcon />}>
          {translate('examhall.exams.mark')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** 启用 / 禁用 one exam after a confirmation (disabling hands in the papers in progress). */
function StateToggle({ record }: { record: ExamRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const enabling = record.enabled === GenericState.DISABLED;
  const mutation = useMutation({
    // Not silent: a refusal is shown by the http client in the server's words.
    mutationFn: () => call(examApi.state, { ids: [record.id], state: enabling ? GenericState.NORMAL : GenericState.DISABLED }),
    onSuccess: () => {
      notify('examhall.common.done', { type: 'success' });
      refresh();
    },
    onError: () => undefined,
    onSettled: () => setOpen(false),
  });
  return (
    <>
      <Button
        size="small"
        color={enabling ? 'success' : 'warning'}
        startIcon={enabling ? <CheckCircleOutlineIcon /> : <BlockIcon />}
        onClick={() => setOpen(true)}
      >
        {translate(enabling ? 'examhall.exams.enable' : 'examhall.exams.disable')}
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={translate(enabling ? 'examhall.exams.enableTitle' : 'examhall.exams.disableTitle')}
        content={translate(enabling ? 'examhall.exams.enableConfirm' : 'examhall.exams.disableConfirm', { title: record.title })}
        confirm="examhall.common.confirm"
        onConfirm={() => mutation.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
