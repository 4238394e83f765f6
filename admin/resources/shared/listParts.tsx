import { Children, cloneElement, isValidElement, useState, type ReactElement, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, Card, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import {
  BulkDeleteButton,
  CanAccess,
  Confirm,
  Form,
  List,
  useCreatePath,
  useListContext,
  useTranslate,
  type SortPayload,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { ListLoadError } from './LoadError';

/** Filter values worth sending: empty inputs ('' / null / []) mean "no filter". */
export function compactFilters(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== '' && v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0)),
  );
}

function ResetButton() {
  const translate = useTranslate();
  const { setFilters } = useListContext();
  const { reset, getValues } = useFormContext();
  return (
    <Button
      variant="outlined"
      startIcon={<RestartAltIcon />}
      onClick={() => {
        reset(Object.fromEntries(Object.keys(getValues()).map((k) => [k, ''])));
        setFilters({}, undefined, false);
      }}
    >
      {translate('examhall.common.reset')}
    </Button>
  );
}

/**
 * The search form above a list, as in Element-style back-offices: the filters on one row, then
 * 搜索 (also Enter) and 重置. Nothing is applied while typing.
 */
export function FilterBar({ children }: { children: ReactNode; context?: string }) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  return (
    <Card component="section" aria-label={translate('examhall.common.search')} sx={{ px: 1.5, py: 1, mb: 1.5 }}>
      <Form record={filterValues} onSubmit={(values: Record<string, unknown>) => setFilters(compactFilters(values), undefined, false)} noValidate>
        <Stack direction="row" flexWrap="wrap" useFlexGap columnGap={1.5} alignItems="center">
          {Children.map(children, (child) =>
            isValidElement<{ helperText?: unknown }>(child) ? (
              <Box sx={{ flex: { xs: '1 1 150px', sm: '0 1 180px' }, minWidth: 0 }}>{cloneElement(child, { helperText: false })}</Box>
            ) : null,
          )}
          <Stack direction="row" spacing={1} sx={{ py: 0.5 }}>
            <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
              {translate('examhall.common.search')}
            </Button>
            <ResetButton />
          </Stack>
        </Stack>
      </Form>
    </Card>
  );
}

/** 新增 as a plain button (react-admin's turns into a floating button on phones, over the pagination). */
export function CreateLink({ resource, label = 'examhall.common.add', icon = <AddIcon /> }: { resource: string; label?: string; icon?: ReactElement }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <CanAccess resource={resource} action="create">
      <Button component={Link} to={createPath({ resource, type: 'create' })} variant="contained" startIcon={icon}>
        {translate(label)}
      </Button>
    </CanAccess>
  );
}

/** The row of buttons between a list's filters and its table: create first, then any others. */
export function ListActions({ resource, createLabel, createIcon, children }: { resource: string; createLabel?: string; createIcon?: ReactElement; children?: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 1.5 }}>
      <CreateLink resource={resource} label={createLabel} icon={createIcon} />
      {children}
    </Stack>
  );
}

interface ResourceListProps {
  resource: string;
  /** The filter inputs (laid out by FilterBar). */
  filters?: ReactElement[];
  /** The buttons row (ListActions). */
  actions?: ReactElement;
  sort?: SortPayload;
  children: ReactNode;
}

/**
 * A back-office list: search form, buttons, the table. A failed load shows LoadError with 重试 in
 * place of the rows (never the empty state, never a second message).
 */
export function ResourceList({ resource, filters, actions, sort, children }: ResourceListProps) {
  return (
    <List
      resource={resource}
      title={false}
      filters={filters && filters.length ? <FilterBar>{filters}</FilterBar> : undefined}
      actions={actions ?? false}
      sort={sort}
      exporter={false}
      empty={false}
      error={<ListLoadError />}
      queryOptions={{ onError: () => undefined }}
    >
      {children}
    </List>
  );
}

/** 删除 for the selected rows (with the delete permission), after a confirmation that says how many. */
export function BulkDeleteAction({ resource, confirmContent, confirmTitle }: { resource: string; confirmContent: string; confirmTitle?: string }) {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  return (
    <CanAccess resource={resource} action="delete">
      <BulkDeleteButton mutationMode="pessimistic" confirmTitle={confirmTitle} confirmContent={translate(confirmContent, { smart_count: selectedIds.length })} />
    </CanAccess>
  );
}

/** A bulk button that acts only after a confirmation (as 删除 does). */
export function ConfirmedBulkButton({
  label,
  icon,
  title,
  content,
  onConfirm,
  busy,
}: {
  label: string;
  icon: ReactElement;
  title: string;
  content: string;
  onConfirm: () => Promise<unknown>;
  busy: boolean;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={icon} onClick={() => setOpen(true)} disabled={busy}>
        {translate(label)}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        content={content}
        confirm="examhall.common.confirm"
        onConfirm={() => void onConfirm().finally(() => setOpen(false))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Props of a table's last column (操作): kept in view on narrow screens. */
export const actionColumn = { cellClassName: 'sticky-actions', headerClassName: 'sticky-actions' } as const;
