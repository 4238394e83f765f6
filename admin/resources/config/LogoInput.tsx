import { useRef, useState } from 'react';
import { Box, Button, CircularProgress, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import ClearIcon from '@mui/icons-material/Clear';
import { useInput, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { uploadFile } from '../../../common/services/file';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** An image url field: preview, upload (provider.upload(file, kind) → url) and 清除. */
export function LogoInput({ source, kind = 'logo', helperText }: { source: string; kind?: string; helperText?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = useResourceContext();
  const { id, field } = useInput({ source, defaultValue: '' });
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const label = translate(`resources.${resource}.fields.${source}`);
  const value = typeof field.value === 'string' ? field.value : '';

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notify('examhall.config.imageOnly', { type: 'warning' });
      return;
    }
    setBusy(true);
    try {
      const result = await uploadFile(file, kind);
      field.onChange(result.url);
    } catch {
      // Shown by the http client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mb: 2.5 }} role="group" aria-labelledby={`${id}-label`}>
      <FormLabel id={`${id}-label`} component="div" sx={{ mb: 1, fontSize: 14 }}>
        {label}
      </FormLabel>
      <Stack direction="row" spacing={2} alignItems="center">
        <Box
          sx={{
            width: 180,
            height: 64,
            border: 1,
            borderColor: 'divider',
            borderStyle: value ? 'solid' : 'dashed',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'action.hover',
            overflow: 'hidden',
          }}
        >
          {busy ? (
            <CircularProgress size={22} />
          ) : value ? (
            <Box component="img" src={value} alt={label} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {translate('examhall.config.noLogo')}
            </Typography>
          )}
        </Box>
        <Stack spacing={1}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<UploadIcon />}
            disabled={busy}
            onClick={() => fileRef.current?.click()}
            aria-label={`${translate(value ? 'examhall.config.replace' : 'examhall.config.upload')} ${label}`}
          >
            {translate(value ? 'examhall.config.replace' : 'examhall.config.upload')}
          </Button>
          <Button
            size="small"
            color="inherit"
            startIcon={<ClearIcon />}
            disabled={busy || !value}
            onClick={() => field.onChange('')}
            aria-label={`${translate('examhall.common.clear')} ${label}`}
          >
            {translate('examhall.common.clear')}
          </Button>
        </Stack>
      </Stack>
      {helperText ? <FormHelperText>{translate(helperText)}</FormHelperText> : null}
      <input
        ref={fileRef}
        id={id}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid={`${source}-file`}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </Box>
  );
}
