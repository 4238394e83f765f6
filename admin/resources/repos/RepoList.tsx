import { Link } from 'react-router-dom';
import { Box, Button, Chip, Stack, Tooltip, Typography } from '@mui/material';
import QuizIcon from '@mui/icons-material/Quiz';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import InsightsIcon from '@mui/icons-material/Insights';
import { DataTable, EditButton, TextInput, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import type { RepoRecord, RepoStat } from '../../../common/api';
import { QuLevel, QuType } from '../../../common/codes';
import { formatTime } from '../../../common/format';
import { ListEmpty } from '../shared/EmptyState';
import { useCodeLabel } from '../shared/labels';
import { actionColumn, BulkDeleteAction, ListActions, ResourceList } from '../shared/listParts';
import { StateChip } from '../shared/StateChip';
import { importPath, questionsPath } from '../questions/paths';
import { RepoCatalogSelect } from './RepoCatalogSelect';

const RESOURCE = 'repo/list';

/** Per type: how many questions, and how many of them are harder (types in code-table order). */
export function countsByType(stats: readonly RepoStat[]): Array<{ quType: number; total: number; harder: number }> {
  return QuType.items
    .map((t) => {
      const of = stats.filter((s) => s.quType === t.value);
      return {
        quType: t.value,
        total: of.reduce((n, s) => n + s.count, 0),
        harder: of.filter((s) => s.level === QuLevel.HARDER).reduce((n, s) => n + s.count, 0),
      };
    })
    .filter((c) => c.total > 0);
}

function TypeCounts({ stats }: { stats: RepoStat[] }) {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const counts = countsByType(stats);
  if (counts.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('examhall.repos.noQuestions')}
      </Typography>
    );
  return (
    <Stack direction="row" flexWrap="wrap" useFlexGap gap={0.5} sx={{ maxWidth: 420 }}>
      {counts.map((c) => (
        <Tooltip key={c.quType} title={`${codeLabel(QuLevel.items, QuLevel.ORDINARY)} ${c.total - c.harder} · ${codeLabel(QuLevel.items, QuLevel.HARDER)} ${c.harder}`}>
          <Chip
            size="small"
            variant="outlined"
            label={
              <span>
                {codeLabel(QuType.items, c.quType)} <b>{c.total}</b>
                {c.harder > 0 ? <Box component="span" sx={{ color: 'warning.dark', ml: 0.5 }}>({translate('examhall.repos.harder', { n: c.harder })})</Box> : null}
              </span>
            }
          />
        </Tooltip>
      ))}
    </Stack>
  );
}

/** 题库列表: counts per type and level, practice flag; row links to the bank's questions, import and practice figures. */
export function RepoList() {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const { canAccess: canQuestions } = useCanAccess({ resource: 'repo/qu', action: 'list' });
  const { canAccess: canImport } = useCanAccess({ resource: 'repo/qu', action: 'import' });
  const { canAccess: canPractice } = useCanAccess({ resource: RESOURCE, action: 'practice' });
  return (
    <ResourceList
      resource={RESOURCE}
      filters={[<TextInput key="title" source="title" resettable />, <RepoCatalogSelect key="catId" emptyText={translate('examhall.repos.allCats')} minWidth={0} />]}
      actions={<ListActions resource={RESOURCE} />}
      sort={{ field: 'updateTime', order: 'DESC' }}
    >
      <DataTable<RepoRecord>
        rowClick={canEdit ? 'edit' : false}
        bulkActionButtons={<BulkDeleteAction resource={RESOURCE} confirmContent="examhall.repos.deleteConfirm" />}
        empty={<ListEmpty message="examhall.repos.empty" />}
      >
        <DataTable.Col source="title" disableSort cellClassName="wide-text" />
        <DataTable.Col source="catName" disableSort render={(r) => r.catName || '—'} />
        <DataTable.Col source="quCount" disableSort align="right" />
        <DataTable.Col source="stats" disableSort render={(r) => <TypeCounts stats={r.stats} />} />
        <DataTable.Col
          source="practiceOpen"
          disableSort
          render={(r) => <StateChip label={translate(r.practiceOpen ? 'examhall.repos.open' : 'examhall.repos.closed')} color={r.practiceOpen ? 'success' : 'default'} />}
        />
        <DataTable.Col source="updateTime" disableSort render={(r) => formatTime(r.updateTime, 'YYYY-MM-DD HH:mm')} />
        <DataTable.Col label="examhall.common.actions" disableSort {...actionColumn}>
          <RowLinks canEdit={Boolean(canEdit)} canQuestions={Boolean(canQuestions)} canImport={Boolean(canImport)} canPractice={Boolean(canPractice)} />
        </DataTable.Col>
      </DataTable>
    </ResourceList>
  );
}

function RowLinks({ canEdit, canQuestions, canImport, canPractice }: { canEdit: boolean; canQuestions: boolean; canImport: boolean; canPractice: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<RepoRecord>();
  if (!record) return null;
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  const id = encodeURIComponent(String(record.id));
  return (
    <>
      {canEdit ? <EditButton label="examhall.common.edit" /> : null}
      {canQuestions ? (
        <Button size="small" component={Link} to={questionsPath(String(record.id))} startIcon={<QuizIcon />} onClick={stop}>
          {translate('examhall.repos.questions')}
        </Button>
      ) : null}
      {canImport ? (
        <Button size="small" component={Link} to={importPath(String(record.id))} startIcon={<UploadFileIcon />} onClick={stop}>
          {translate('examhall.repos.import')}
        </Button>
      ) : null}
      {canPractice ? (
        <Button size="small" component={Link} to={`/repo/list/${id}/practice`} startIcon={<InsightsIcon />} onClick={stop}>
          {translate('examhall.repos.practice')}
        </Button>
      ) : null}
    </>
  );
}
