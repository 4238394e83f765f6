import { useCallback, useEffect, useState } from 'react';
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
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DoneAll from '@mui/icons-material/DoneAll';
import { formatTime, relativeTime } from '../../../common/format';
import { notify } from '../../../common/http';
import { deleteMyMessages, markRead, pageMyMessages } from '../../../common/services/msg';
import { useSession } from '../../app/session/context';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useRemote } from '../../hooks/useRemote';
import { MessageDialog } from './MessageDialog';

type ReadFilter = 'all' | 'unread' | 'read';
const READ_STATE: Record<ReadFilter, 0 | 1 | ''> = { all: '', unread: 0, read: 1 };
const UNREAD = 0;

/** 我的消息: my messages with a read-state filter, bulk mark-read and delete, and a reading dialog. */
export function MessagesTab() {
  const { refreshUnread } = useSession();
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(10);
  const [selected, setSelected] = useState<string[]>([]);
  const [reading, setReading] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const remote = useRemote(() => pageMyMessages({ current, size, params: { readState: READ_STATE[filter] } }), [current, size, filter]);
  const { reload } = remote;
  // A page emptied by a delete: step back to the last page that exists (shown as still loading).
  const stepBack = remote.data && remote.data.records.length === 0 && current > 1 && remote.data.total > 0 ? remote.data.pages : 0;
  const page = stepBack ? null : remote.data;
  const loading = remote.loading || stepBack > 0;

  useEffect(() => {
    if (stepBack) setCurrent(Math.max(1, stepBack));
  }, [stepBack]);

  useEffect(() => {
    const shown = remote.data?.records ?? [];
    setSelected((ids) => ids.filter((id) => shown.some((r) => r.id === id)));
  }, [remote.data]);

  const records = page?.records ?? [];
  const allChecked = records.length > 0 && records.every((r) => selected.includes(r.id));
  const someChecked = selected.length > 0 && !allChecked;

  const toggle = (id: string) => setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const toggleAll = () => setSelected(allChecked ? [] : records.map((r) => r.id));

  const afterChange = () => {
    setSelected([]);
    reload();
    void refreshUnread();
  };

  const markSelectedRead = async () => {
    try {
      await markRead(selected);
      notify.success('已标记为已读');
      afterChange();
    } catch {
      // Shown by the http client.
    }
  };

  const deleteSelected = async () => {
    try {
      await deleteMyMessages(selected);
      notify.success('删除成功');
      afterChange();
    } catch {
      // Shown by the http client.
    }
  };

  const onRead = useCallback(() => {
    reload();
    void refreshUnread();
  }, [reload, refreshUnread]);

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
          <Button variant="outlined" startIcon={<DoneAll />} disabled={selected.length === 0} onClick={markSelectedRead}>
            标记已读
          </Button>
          <Button variant="outlined" color="error" startIcon={<DeleteOutline />} disabled={selected.length === 0} onClick={() => setConfirmDelete(true)}>
            删除
          </Button>
        </Stack>
      </Stack>

      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="加载中" />}</Box>
      {loading && !page ? (
        <LoadingScreen />
      ) : !loading && records.length === 0 ? (
        <EmptyState text="暂无消息" />
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
              {records.map((m) => {
                const unread = m.readState === UNREAD;
                return (
                  <TableRow key={m.id} hover selected={selected.includes(m.id)} sx={{ cursor: 'pointer' }} onClick={() => setReading(m.id)}>
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
      )}
      {page && page.total > 0 && (
        <TablePagination
          component="div"
          count={page.total}
          page={current - 1}
          rowsPerPage={size}
          rowsPerPageOptions={[10, 20, 50]}
          onPageChange={(_, p) => setCurrent(p + 1)}
          onRowsPerPageChange={(e) => {
            setSize(Number(e.target.value));
            setCurrent(1);
          }}
        />
      )}

      <MessageDialog id={reading} onClose={() => setReading(null)} onRead={onRead} />
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
