import { Link } from 'react-router-dom';
import { Button, Typography } from '@mui/material';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { DataTable, EditButton, SelectInput, TextInput, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { CourseState, type CourseRecord } from '../../../common/api';
import { Audience } from '../../../common/codes';
import { formatTime } from '../../../common/format';
import { ListEmpty } from '../shared/EmptyState';
import { useCodeChoices, useCodeLabel } from '../shared/labels';
import { actionColumn, BulkDeleteAction, ListActions, ResourceList } from '../shared/listParts';
import { StateChip } from '../shared/StateChip';
import { parseCode } from '../shared/util';

const RESOURCE = 'course/list';

/** 课程列表: state, audience, required or elective, deadline, learners started / finished. */
export function CourseList() {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const stateChoices = useCodeChoices(CourseState.items);
  const requiredChoices = [
    { id: true, name: translate('examhall.courses.required') },
    { id: false, name: translate('examhall.courses.elective') },
  ];
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const { canAccess: canRecords } = useCanAccess({ resource: 'course/record', action: 'list' });
  return (
    <ResourceList
      resource={RESOURCE}
      filters={[
        <TextInput key="title" source="title" resettable />,
        <SelectInput key="state" source="state" choices={stateChoices} emptyText="" parse={parseCode} />,
        <SelectInput key="required" source="required" choices={requiredChoices} emptyText="" parse={(v: unknown) => (v === '' ? '' : v === true || v === 'true')} />,
      ]}
      actions={<ListActions resource={RESOURCE} />}
      sort={{ field: 'createTime', order: 'DESC' }}
    >
      <DataTable<CourseRecord>
        rowClick={canEdit ? 'edit' : false}
        bulkActionButtons={<BulkDeleteAction resource={RESOURCE} confirmContent="examhall.courses.deleteConfirm" />}
        empty={<ListEmpty message="examhall.courses.empty" />}
      >
        <DataTable.Col source="title" disableSort cellClassName="wide-text" />
        <DataTable.Col source="catName" disableSort />
        <DataTable.Col
          source="state"
          disableSort
          render={(r) => <StateChip label={codeLabel(CourseState.items, r.state)} color={r.state === CourseState.PUBLISHED ? 'success' : 'default'} />}
        />
        <DataTable.Col source="required" disableSort render={(r) => translate(r.required ? 'examhall.courses.required' : 'examhall.courses.elective')} />
        <DataTable.Col source="audience" disableSort render={(r) => codeLabel(Audience.items, r.audience)} />
        <DataTable.Col source="fileCount" disableSort align="right" />
        <DataTable.Col
          source="learners"
          disableSort
          align="right"
          render={(r) => (
            <Typography variant="body2" component="span">
              {r.learnerCount} / {r.finishCount}
            </Typography>
          )}
        />
        <DataTable.Col source="deadline" disableSort render={(r) => formatTime(r.deadline, 'YYYY-MM-DD HH:mm') || '—'} />
        <DataTable.Col label="examhall.common.actions" disableSort {...actionColumn}>
          <RowLinks canEdit={Boolean(canEdit)} canRecords={Boolean(canRecords)} />
        </DataTable.Col>
      </DataTable>
    </ResourceList>
  );
}

function RowLinks({ canEdit, canRecords }: { canEdit: boolean; canRecords: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<CourseRecord>();
  if (!record) return null;
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  return (
    <>
      {canEdit ? <EditButton label="examhall.common.edit" /> : null}
      {canEdit ? (
        <Button size="small" component={Link} to={`/course/list/${encodeURIComponent(String(record.id))}/files`} startIcon={<FolderOpenIcon />} onClick={stop}>
          {translate('examhall.courses.files')}
        </Button>
      ) : null}
      {canRecords ? (
        <Button size="small" component={Link} to={`/course/record?courseId=${encodeURIComponent(String(record.id))}`} startIcon={<FactCheckIcon />} onClick={stop}>
          {translate('examhall.courses.records')}
        </Button>
      ) : null}
    </>
  );
}
