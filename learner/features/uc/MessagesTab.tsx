import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DoneAll from '@mui/icons-material/DoneAll';
import { ReadState } from '../../../common/codes';
import { formatTime, relativeTime } from '../../../common/format';
import { notify } from '../../../common/http';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ListPagination } from '../../components/ListPagination';
import { LoadingScreen } from '../../components/LoadingScreen';
import { QueryState } from '../../components/QueryState';
import { useDeleteMessages, useMarkRead } from './api/changeMessages';
import { useMessages, type MessageListParams } from './api/getMessages';
import { MessageDialog } from './MessageDialog';

type ReadFilter = 'all' | 'unread' | 'read';
const READ_STATE: Record<ReadFilter, MessageListParams['readState']> = { all: '', unread: ReadState.UNREAD, read: ReadState.READ };
const PAGE_SIZES = [10, 20, 50] as const;

/** 我的消息: my messages with a read-state filter, bulk mark-read and delete, and a reading dialog. */
export function MessagesTab() {
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const [selected, setSelected] = useState<string[]>([]);
  const [reading, setReading] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const query = useMessages({ current, size, readState: READ_STATE[filter] });
  const markRead = useMarkRead();
  const remove = useDeleteMessages();

  // A page emptied by a delete: step back to the last page that exists (shown as still loading).
  const data = query.data;
  const stepBack = data && !query.isPlaceholderData && data.records.length === 0 && current > 1 && data.total > 0 ? data.pages : 0;
  useEffect(() => {
    if (stepBack) setCurrent(Math.max(1, stepBack));
  }, [stepBack]);

  // Only what is on screen can stay selected.
  useEffect(() => {
    const shown = data?.records ?? [];
    setSelected((ids) => ids.filter((id) => shown.some((r) => r.id === id)));
  }, [data]);

  const records = data?.records ?? [];
  const allChecked = records.length > 0 && records.every((r) => selected.includes(r.id));
  const someChecked = selected.length > 0 && !allChecked;

  const toggle = (id: string) => setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const toggleAll = () => setSelected(allChecked ? [] : records.map((r) => r.id));

  const markSelectedRead = () =>
    markRead.mutate(selected, {
      onSuccess: () => {
        notify.success('已标记为已读');
        setSelected([]);
      },
    });

  const deleteSelected = () =>
    remove.mutateAsync(selected).then(
      () => {
        notify.success('删除成功');
        setSelected([]);
      },
      // Shown by the http client.
      () => undefined,
    );

  const busy = markRead.isPending || remove.isPending;

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter}
          color="primary"
          aria-label="按阅读状态筛选"
          onChange={(_, v: ReadFilter | null) => {
            if (!v) return;
            setFilter(v);
            setCurrent(1);
            setSelected([]);
          }}
        >
          <ToggleButton value="all" sx={{ px: 2 }}>
            全部
          </ToggleButton>
          <ToggleButton value="unread" sx={{ px: 2 }}>
            未读
          </ToggleButton>
          <ToggleButton value="read" sx={{ px: 2 }}>
            已读
          </ToggleButton>
        </ToggleButtonGroup>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<DoneAll />} disabled={selected.length === 0 || busy} onClick={markSelectedRead}>
            标记已读
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutline />}
            disabled={selected.length === 0 || busy}
            onClick={() => setConfirmDelete(true)}
          >
            删除
          </Button>
        </Stack>
      </Stack>

      <Box sx={{ height: 4 }}>{query.isFetching && data && <LinearProgress aria-label="加载中" />}</Box>
      {stepBack ? (
        <LoadingScreen />
      ) : (
        <QueryState query={query}>
          {(page) =>
            page.records.length === 0 ? (
              <EmptyState text={filter === 'all' ? '暂无消息' : filter === 'unread' ? '没有未读消息' : '没有已读消息'} />
            ) : (
              <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <Table size="medium" aria-label="消息列表">
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={allChecked}
                          indeterminate={someChecked}
                          onChange={toggleAll}
                          slotProps={{ input: { 'aria-label': '全选' } }}
                        />
                      </TableCell>
                      <TableCell>标题</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>发送人</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, width: 170 }}>时间</TableCell>
                      <TableCell sx={{ width: 88 }}>状态</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {page.records.map((m) => {
                      const unread = m.readState === ReadState.UNREAD;
                      return (
                        <TableRow
                          key={m.id}
                          hover
                          selected={selected.includes(m.id)}
                          sx={{ cursor: 'pointer' }}
                          onClick={() => setReading(m.id)}
                        >
                          <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                            <Checkbox
                              checked={selected.includes(m.id)}
                              onChange={() => toggle(m.id)}
                              slotProps={{ input: { 'aria-label': `选择 ${m.title}` } }}
                            />
                          </TableCell>
                          <TableCell sx={{ maxWidth: 0, width: '100%' }}>
                            <Typography noWrap sx={{ fontWeight: unread ? 600 : 400, fontSize: 15 }}>
                              {m.title}
                            </Typography>
                            <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                              {relativeTime(m.createTime)}
                            </Typography>
                          </TableCell>
                          <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap', color: 'text.secondary' }}>
                            {m.senderName || '系统'}
                          </TableCell>
                          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap', color: 'text.secondary' }}>
                            {formatTime(m.createTime, 'YYYY-MM-DD HH:mm')}
                          </TableCell>
                          <TableCell>
                            {unread ? <Chip label="未读" size="small" color="primary" /> : <Chip label="已读" size="small" variant="outlined" />}
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            )
          }
        </QueryState>
      )}
      {data && data.total > 0 && !stepBack && (
        <ListPagination
          total={data.total}
          current={current}
          size={size}
          sizes={PAGE_SIZES}
          onChange={(page, nextSize) => {
            setCurrent(page);
            setSize(nextSize);
          }}
        />
      )}

      <MessageDialog id={reading} onClose={() => setReading(null)} />
      <ConfirmDialog
        open={confirmDelete}
        danger
        message={`确定要删除选中的 ${selected.length} 条消息吗？`}
        confirmText="删除"
        onConfirm={deleteSelected}
        onClose={() => setConfirmDelete(false)}
      />
    </Box>
  );
}
