import { Link } from 'react-router-dom';
import { Autocomplete, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CanAccess, DataTable, EditButton, SelectInput, TextInput, useCanAccess, useInput, useListContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { quApi, type QuFilters, type QuListItem } from '../../../common/api';
import { QuLevel, QuType } from '../../../common/codes';
import { formatTime } from '../../../common/format';
import { stemText } from '../../../common/richText';
import { download } from '../../../common/http';
import { call } from '../../../common/http';
import { endpointKey } from '../../providers/endpointQuery';
import { ListEmpty } from '../shared/EmptyState';
import { useCodeChoices, useCodeLabel } from '../shared/labels';
import { actionColumn, compactFilters, ResourceList } from '../shared/listParts';
import { parseCode } from '../shared/util';
import { importPath } from './paths';
import { QuBulkActions } from './QuBulkActions';
import { RepoPickerInput } from './RepoPicker';

const RESOURCE = 'repo/qu';

/** A knowledge point to filter by: typed, or picked from the chosen bank's. */
function TagFilterInput({ source }: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: '' });
  const repoId = String(useWatch({ name: 'repoId' }) ?? '');
  const tags = useQuery({ queryKey: endpointKey(quApi.tags, { repoId }), queryFn: () => call(quApi.tags, { repoId }, { silent: true }), enabled: repoId !== '' });
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      size="small"
      options={(tags.data ?? []).map((t) => t.name)}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(_e, v) => field.onChange(v ?? '')}
      onInputChange={(_e, v, reason) => reason === 'input' && field.onChange(v)}
      renderInput={(p) => <TextField {...p} label={translate('resources.repo/qu.fields.tag')} />}
    />
  );
}

function ListButtons() {
  const translate = useTranslate();
  const { filterValues, total } = useListContext();
  const repoId = String(filterValues.repoId ?? '');
  const exporting = useMutation({
    mutationFn: () => download(quApi.export, { params: compactFilters(filterValues) as QuFilters }, translate('examhall.questions.exportName')),
  });
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 1.5 }}>
      <CanAccess resource={RESOURCE} action="create">
        <Button component={Link} to={repoId ? `/repo/qu/create?repoId=${encodeURIComponent(repoId)}` : '/repo/qu/create'} variant="contained" startIcon={<AddIcon />}>
          {translate('examhall.common.add')}
        </Button>
      </CanAccess>
      <CanAccess resource={RESOURCE} action="import">
        <Button component={Link} to={importPath(repoId)} variant="outlined" startIcon={<UploadFileIcon />}>
          {translate('examhall.questions.import')}
        </Button>
      </CanAccess>
      <CanAccess resource={RESOURCE} action="export">
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={exporting.isPending || !total} onClick={() => exporting.mutate()}>
          {translate('examhall.questions.exportAll')}
        </Button>
      </CanAccess>
    </Stack>
  );
}

/** 试题管理: a bank's questions (or all banks'), filtered by type, level, stem text and knowledge point; batch edits and export. */
export function QuList() {
  const codeLabel = useCodeLabel();
  const typeChoices = useCodeChoices(QuType.items);
  const levelChoices = useCodeChoices(QuLevel.items);
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  return (
    <ResourceList
      resource={RESOURCE}
      filters={[
        <RepoPickerInput key="repoId" source="repoId" />,
        <SelectInput key="quType" source="quType" choices={typeChoices} emptyText="" parse={parseCode} />,
        <SelectInput key="level" source="level" choices={levelChoices} emptyText="" parse={parseCode} />,
        <TextInput key="content" source="content" resettable />,
        <TagFilterInput key="tag" source="tag" />,
      ]}
      actions={<ListButtons />}
      // A bank's own order (import order, then moves): the server pages by it; no other sort is offered.
      sort={{ field: '', order: 'ASC' }}
    >
      <DataTable<QuListItem> rowClick={canEdit ? 'edit' : false} bulkActionButtons={<QuBulkActions />} empty={<ListEmpty message="examhall.questions.empty" />}>
        <DataTable.Col
          source="content"
          disableSort
          cellClassName="wide-text"
          render={(r) => (
            <Typography variant="body2" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', maxWidth: 560, minWidth: 180 }}>
              {stemText(r.content)}
            </Typography>
          )}
        />
        <DataTable.Col source="quType" disableSort render={(r) => <Box sx={{ whiteSpace: 'nowrap' }}>{codeLabel(QuType.items, r.quType)}</Box>} />
        <DataTable.Col
          source="level"
          disableSort
          render={(r) => <Chip size="small" variant="outlined" color={r.level === QuLevel.HARDER ? 'warning' : 'default'} label={codeLabel(QuLevel.items, r.level)} />}
        />
        <DataTable.Col
          source="tags"
          disableSort
          render={(r) => (
            <Stack direction="row" flexWrap="wrap" useFlexGap gap={0.5} sx={{ maxWidth: 240 }}>
              {(r.tags as string[]).map((t) => (
                <Chip key={t} size="small" label={t} />
              ))}
            </Stack>
          )}
        />
        <DataTable.Col source="updateTime" disableSort render={(r) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatTime(r.updateTime, 'YYYY-MM-DD HH:mm')}</Box>} />
        <DataTable.Col label="examhall.common.actions" disableSort {...actionColumn}>
          {canEdit ? <EditButton label="examhall.common.edit" /> : null}
        </DataTable.Col>
      </DataTable>
    </ResourceList>
  );
}
