import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import { useRefresh, useTranslate } from 'react-admin';
import { userApi, type UserImportPreview, type UserImportResult, type UserImportRow } from '../../../common/api';
import { download, saveBlob, upload } from '../../../common/http';
import { HeavyJobNote, useHeavyJob } from '../shared/heavyJob';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows drawn at once: a preview of thousands shows its problems first and a note for the rest. */
const SHOWN_ROWS = 200;

/** The generated passwords, from the commit's answer (the only copy anywhere). */
function passwordBlob(result: UserImportResult): Blob {
  const bytes = Uint8Array.from(atob(result.passwordFile), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: XLSX_MIME });
}

/** What the check found on a row: skipped as existing, its problems, or ready (and how its password is set). */
function RowCheck({ row }: { row: UserImportRow }) {
  const translate = useTranslate();
  if (row.existing) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('examhall.users.importSkipped')}
      </Typography>
    );
  }
  if (row.errors.length) {
    return (
      <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
        {row.errors.map((e) => (
          <li key={e}>
            <Typography variant="body2">{e}</Typography>
          </li>
        ))}
      </Box>
    );
  }
  return (
    <Typography variant="body2" color="success.main">
      {translate(row.password === 'given' ? 'examhall.users.importOkGiven' : 'examhall.users.importOkGenerated')}
    </Typography>
  );
}

/** On a phone each row is a card: a seven-column table would hide the problems off to the right. */
function RowCards({ rows }: { rows: UserImportRow[] }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1} component="ul" aria-label={translate('examhall.users.importPreview')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {rows.map((r) => (
        <Box component="li" key={r.row} sx={{ border: 1, borderColor: r.errors.length ? 'error.light' : 'divider', borderRadius: 1, p: 1.5 }}>
          <Typography variant="subtitle2" sx={{ wordBreak: 'break-all' }}>
            {translate('examhall.users.importRowN', { n: r.row })} · {r.userName} {r.realName}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all', mb: 0.5 }}>
            {[r.mobile, r.deptPath, r.roleNames.join('、')].filter(Boolean).join(' · ')}
            {r.newDept && <Chip size="small" color="info" variant="outlined" label={translate('examhall.users.importNewDept')} sx={{ ml: 0.5 }} />}
          </Typography>
          <RowCheck row={r} />
        </Box>
      ))}
    </Stack>
  );
}

/**
 * 导入用户: download the template, choose a file, see every row with its problems (nothing saved
 * yet), fix the file and choose it again until it is clean, then import all of it at once. The
 * generated passwords are saved once, from the answer; closing the dialog forgets them.
 */
export function UserImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [file, setFile] = useState<File | null>(null);
  const [createDepts, setCreateDepts] = useState(false);
  const [preview, setPreview] = useState<UserImportPreview | null>(null);
  const [problemsOnly, setProblemsOnly] = useState(true);
  const [result, setResult] = useState<UserImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const job = useHeavyJob(busy);

  const read = async (chosen: File, withDepts: boolean) => {
    setBusy(true);
    setPreview(null);
    try {
      setPreview(await upload(job.named(userApi.importParse), chosen, { createDepts: withDepts ? '1' : '0' }));
    } catch {
      // The http client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const commit = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const done = await upload(job.named(userApi.importCommit), file, { createDepts: createDepts ? '1' : '0' });
      setResult(done);
      if (done.passwordFile) saveBlob(passwordBlob(done), done.fileName);
      refresh();
    } catch {
      // The http client has shown why; the preview stays for another try.
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    if (busy) return;
    setFile(null);
    setPreview(null);
    setResult(null);
    onClose();
  };

  const invalid = preview?.invalid ?? 0;
  const rows = preview ? (problemsOnly && (invalid > 0 || preview.existing > 0) ? preview.rows.filter((r) => r.errors.length || r.existing) : preview.rows) : [];
  const shown = rows.slice(0, SHOWN_ROWS);

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="lg" fullScreen={phone} scroll="paper" aria-labelledby="user-import-title">
      <DialogTitle id="user-import-title">{translate('examhall.users.importTitle')}</DialogTitle>
      <DialogContent dividers>
        {result ? (
          <Stack spacing={2}>
            <Alert severity="success">{translate('examhall.users.importDone', { created: result.created, skipped: result.skipped, departs: result.departsCreated })}</Alert>
            {result.generated > 0 && (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" startIcon={<DownloadIcon />} onClick={() => saveBlob(passwordBlob(result), result.fileName)}>
                    {translate('examhall.users.importPasswordsAgain')}
                  </Button>
                }
              >
                {translate('examhall.users.importPasswords', { smart_count: result.generated })}
              </Alert>
            )}
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {translate('examhall.users.importHint')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
              <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download(userApi.importTemplate, {}, '用户导入模板.xlsx').catch(() => undefined)}>
                {translate('examhall.users.importTemplate')}
              </Button>
              <Button variant="contained" component="label" startIcon={<UploadFileIcon />} disabled={busy}>
                {translate(file ? 'examhall.users.importChooseAgain' : 'examhall.users.importChoose')}
                <input
                  hidden
                  type="file"
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  aria-label={translate('examhall.users.importChoose')}
                  onChange={(e) => {
                    const chosen = e.target.files?.[0];
                    // The same file again (fixed and saved) must be read again.
                    e.target.value = '';
                    if (!chosen) return;
                    setFile(chosen);
                    void read(chosen, createDepts);
                  }}
                />
              </Button>
              {file && (
                <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                  {file.name}
                </Typography>
              )}
            </Stack>
            <FormControlLabel
              control={
                <Checkbox
                  checked={createDepts}
                  disabled={busy}
                  onChange={(e) => {
                    setCreateDepts(e.target.checked);
                    if (file) void read(file, e.target.checked);
                  }}
                />
              }
              label={translate('examhall.users.importCreateDepts')}
            />
            {busy && <HeavyJobNote progress={job.progress} />}
            {preview && (
              <>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                  <Chip color="success" variant="outlined" label={translate('examhall.users.importReady', { n: preview.ready })} />
                  <Chip color={invalid ? 'error' : 'default'} variant="outlined" label={translate('examhall.users.importInvalid', { n: invalid })} />
                  <Chip variant="outlined" label={translate('examhall.users.importExisting', { n: preview.existing })} />
                  {preview.newDepts.length > 0 && <Chip color="info" variant="outlined" label={translate('examhall.users.importNewDepts', { n: preview.newDepts.length })} />}
                  {(invalid > 0 || preview.existing > 0) && (
                    <FormControlLabel
                      sx={{ ml: 0.5 }}
                      control={<Checkbox size="small" checked={problemsOnly} onChange={(e) => setProblemsOnly(e.target.checked)} />}
                      label={translate('examhall.users.importProblemsOnly')}
                    />
                  )}
                </Stack>
                {invalid > 0 && <Alert severity="error">{translate('examhall.users.importFix', { n: invalid })}</Alert>}
                {phone ? (
                  <RowCards rows={shown} />
                ) : (
                <TableContainer sx={{ maxHeight: '45vh', border: 1, borderColor: 'divider', borderRadius: 1, '& td:nth-of-type(-n+4)': { whiteSpace: 'nowrap' } }}>
                  <Table size="small" stickyHeader aria-label={translate('examhall.users.importPreview')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('examhall.users.importRow')}</TableCell>
                        <TableCell>{translate('resources.sys/user.fields.userName')}</TableCell>
                        <TableCell>{translate('resources.sys/user.fields.realName')}</TableCell>
                        <TableCell>{translate('resources.sys/user.fields.mobile')}</TableCell>
                        <TableCell>{translate('resources.sys/user.fields.deptName')}</TableCell>
                        <TableCell>{translate('resources.sys/user.fields.roleNames')}</TableCell>
                        <TableCell>{translate('examhall.users.importProblems')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {shown.map((r) => (
                        <TableRow key={r.row} sx={r.errors.length ? { bgcolor: (t) => `${t.palette.error.main}0d` } : undefined}>
                          <TableCell>{r.row}</TableCell>
                          <TableCell>{r.userName}</TableCell>
                          <TableCell>{r.realName}</TableCell>
                          <TableCell>{r.mobile}</TableCell>
                          <TableCell>
                            {r.deptPath}
                            {r.newDept && <Chip size="small" color="info" variant="outlined" label={translate('examhall.users.importNewDept')} sx={{ ml: 0.5 }} />}
                          </TableCell>
                          <TableCell>{r.roleNames.join('、')}</TableCell>
                          <TableCell sx={{ minWidth: 220 }}>
                            <RowCheck row={r} />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
                )}
                {rows.length > SHOWN_ROWS && (
                  <Typography variant="caption" color="text.secondary">
                    {translate('examhall.users.importMoreRows', { shown: SHOWN_ROWS, n: rows.length })}
                  </Typography>
                )}
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate(result ? 'ra.action.close' : 'examhall.common.cancel')}
        </Button>
        {!result && (
          <Button variant="contained" onClick={() => void commit()} disabled={busy || !preview || invalid > 0 || preview.ready === 0}>
            {translate('examhall.users.importConfirm', { n: preview?.ready ?? 0 })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
