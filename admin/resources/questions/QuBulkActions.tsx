import { useState, type ReactElement, type ReactNode } from 'react';
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import FileCopyIcon from '@mui/icons-material/FileCopy';
import SignalCellularAltIcon from '@mui/icons-material/SignalCellularAlt';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CanAccess, useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { QU_LIMITS, quApi } from '../../../common/api';
import { QuLevel } from '../../../common/codes';
import { call, download } from '../../../common/http';
import { endpointKey } from '../../providers/endpointQuery';
import { useInvalidateQuestions } from './useInvalidateQuestions';
import { useCodeChoices } from '../shared/labels';
import { BulkDeleteAction } from '../shared/listParts';
import { RepoPicker } from './RepoPicker';

const RESOURCE = 'repo/qu';

/** A bulk button opening a small dialog; `onConfirm` answers the count done (or undefined when refused, the http client having said why). */
function BatchDialog({
  label,
  icon,
  children,
  onConfirm,
  validate,
  done,
}: {
  label: string;
  icon: ReactElement;
  children: (showErrors: boolean) => ReactNode;
  validate: () => boolean;
  onConfirm: (ids: string[]) => Promise<number>;
  /** The message once done, with smart_count. */
  done: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const invalidate = useInvalidateQuestions();
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll(RESOURCE);
  const [open, setOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const ids = selectedIds.map(String);
  const run = useMutation({
    mutationFn: () => onConfirm(ids),
    onSuccess: (n) => {
      notify(done, { type: 'success', messageArgs: { smart_count: n } });
      setOpen(false);
      unselectAll();
      refresh();
      void invalidate();
    },
  });
  const titleId = `qu-batch-${label}`;
  return (
    <>
      <Button
        size="small"
        startIcon={icon}
        onClick={() => {
          setSubmitted(false);
          setOpen(true);
        }}
      >
        {translate(label)}
      </Button>
      <Dialog open={open} onClose={() => !run.isPending && setOpen(false)} fullWidth maxWidth="xs" aria-labelledby={titleId}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setSubmitted(true);
            if (validate()) run.mutate();
          }}
        >
          <DialogTitle id={titleId}>{translate('examhall.questions.batchTitle', { action: translate(label), smart_count: ids.length })}</DialogTitle>
          <DialogContent sx={{ pt: '8px !important' }}>{children(submitted)}</DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={run.isPending}>
              {translate('examhall.common.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={run.isPending}>
              {translate('examhall.common.confirm')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}

function MoveCopyButton({ action }: { action: 'move' | 'copy' }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const [repoId, setRepoId] = useState('');
  return (
    <BatchDialog
      label={action === 'move' ? 'examhall.questions.move' : 'examhall.questions.copy'}
      icon={action === 'move' ? <DriveFileMoveIcon /> : <FileCopyIcon />}
      done={action === 'move' ? 'examhall.questions.moved' : 'examhall.questions.copied'}
      validate={() => repoId !== ''}
      onConfirm={(ids) => call(quApi.batch, { ids, repoId, action })}
    >
      {(showErrors) => (
        <RepoPicker
          value={repoId}
          onChange={setRepoId}
          label={translate('examhall.questions.targetRepo')}
          exclude={action === 'move' ? String(filterValues.repoId ?? '') : undefined}
          required
          error={showErrors && !repoId}
          helperText={showErrors && !repoId ? translate('examhall.questions.repoRequired') : undefined}
          size="medium"
        />
      )}
    </BatchDialog>
  );
}

function LevelButton() {
  const translate = useTranslate();
  const choices = useCodeChoices(QuLevel.items);
  const [level, setLevel] = useState<number>(QuLevel.HARDER);
  return (
    <BatchDialog
      label="examhall.questions.setLevel"
      icon={<SignalCellularAltIcon />}
      done="examhall.questions.levelSet"
      validate={() => QuLevel.has(level)}
      onConfirm={(ids) => call(quApi.batchLevel, { ids, level: QuLevel.has(level) ? level : QuLevel.ORDINARY })}
    >
      {() => (
        <RadioGroup row value={level} onChange={(e) => setLevel(Number(e.target.value))} aria-label={translate('resources.repo/qu.fields.level')}>
          {choices.map((c) => (
            <FormControlLabel key={c.id} value={c.id} control={<Radio />} label={c.name} />
          ))}
        </RadioGroup>
      )}
    </BatchDialog>
  );
}

function TagsButton({ mode }: { mode: 'add' | 'remove' }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const repoId = String(filterValues.repoId ?? '');
  const [tags, setTags] = useState<string[]>([]);
  const known = useQuery({ queryKey: endpointKey(quApi.tags, { repoId }), queryFn: () => call(quApi.tags, { repoId }, { silent: true }), enabled: repoId !== '' });
  return (
    <BatchDialog
      label={mode === 'add' ? 'examhall.questions.addTags' : 'examhall.questions.removeTags'}
      icon={<LocalOfferIcon />}
      done={mode === 'add' ? 'examhall.questions.tagsAdded' : 'examhall.questions.tagsRemoved'}
      validate={() => tags.length > 0}
      onConfirm={(ids) => call(quApi.batchTag, { ids, tags, mode })}
    >
      {(showErrors) => (
        <>
          <DialogContentText variant="body2" sx={{ mb: 1.5 }}>
            {translate('examhall.questions.tagsHelper')}
          </DialogContentText>
          <Autocomplete<string, true, false, true>
            multiple
            freeSolo
            options={(known.data ?? []).map((t) => t.name)}
            value={tags}
            onChange={(_e, v) => setTags([...new Set(v.map((t) => t.trim().slice(0, QU_LIMITS.tag)).filter(Boolean))].slice(0, QU_LIMITS.tags))}
            renderInput={(p) => (
              <TextField
                {...p}
                label={translate('resources.repo/qu.fields.tags')}
                required
                error={showErrors && tags.length === 0}
                helperText={showErrors && tags.length === 0 ? translate('examhall.questions.tagsRequired') : undefined}
              />
            )}
          />
        </>
      )}
    </BatchDialog>
  );
}

function ExportSelectedButton() {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const exporting = useMutation({ mutationFn: () => download(quApi.export, { ids: selectedIds.map(String) }, translate('examhall.questions.exportName')) });
  return (
    <Button size="small" startIcon={<DownloadIcon />} disabled={exporting.isPending} onClick={() => exporting.mutate()}>
      {translate('examhall.questions.exportSelected')}
    </Button>
  );
}

/** Bulk actions of the question list, each shown only to those allowed to use it. */
export function QuBulkActions() {
  return (
    <>
      <CanAccess resource={RESOURCE} action="batch">
        <MoveCopyButton action="move" />
        <MoveCopyButton action="copy" />
      </CanAccess>
      <CanAccess resource={RESOURCE} action="batch-level">
        <LevelButton />
      </CanAccess>
      <CanAccess resource={RESOURCE} action="batch-tag">
        <TagsButton mode="add" />
        <TagsButton mode="remove" />
      </CanAccess>
      <CanAccess resource={RESOURCE} action="export">
        <ExportSelectedButton />
      </CanAccess>
      <BulkDeleteAction resource={RESOURCE} confirmContent="examhall.questions.deleteConfirm" />
    </>
  );
}
