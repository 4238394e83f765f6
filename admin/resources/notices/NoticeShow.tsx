import { Box, Chip, Stack, Typography } from '@mui/material';
import { CanAccess, EditButton, ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import type { NoticeRecord } from '../../../common/api';
import { formatTime } from '../../../common/format';
import { NoticeState, NoticeTarget } from '../../../common/codes';
import { ArticleCard } from '../shared/ArticleCard';
import { useCodeLabel } from '../shared/labels';
import { ShowLoadError, useRecordQueryOptions } from '../shared/recordParts';
import { StateChip } from '../shared/StateChip';

const RESOURCE = 'sys/notice';

function NoticeBody() {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const record = useRecordContext<NoticeRecord>();
  if (!record) return null;
  return (
    <ArticleCard
      title={record.title}
      meta={
        <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap sx={{ color: 'text.secondary' }}>
          <StateChip label={codeLabel(NoticeState.items, record.state)} color={record.state === NoticeState.PUBLISHED ? 'success' : 'default'} />
          <Chip
            size="small"
            variant="outlined"
            label={record.targetType === NoticeTarget.DEPARTS ? codeLabel(NoticeTarget.items, record.targetType) : translate('examhall.notices.everyone')}
          />
          <Typography variant="body2">
            {translate('resources.sys/notice.fields.createByName')}：{record.createByName}
          </Typography>
          <Typography variant="body2">
            {translate('resources.sys/notice.fields.publishTime')}：{formatTime(record.publishTime) || '—'}
          </Typography>
        </Stack>
      }
    >
      {/* The content was sanitized by the server when it was saved. */}
      <Box
        className="notice-content"
        sx={{ lineHeight: 1.8, '& img': { maxWidth: '100%' }, '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' } }}
        dangerouslySetInnerHTML={{ __html: record.content }}
      />
    </ArticleCard>
  );
}

export function NoticeShow() {
  const translate = useTranslate();
  const queryOptions = useRecordQueryOptions();
  return (
    <Show
      resource={RESOURCE}
      title={translate('examhall.notices.showTitle')}
      component="div"
      queryOptions={queryOptions}
      error={<ShowLoadError />}
      actions={
        <TopToolbar>
          <ListButton />
          <CanAccess resource={RESOURCE} action="edit">
            <EditButton label="examhall.common.edit" />
          </CanAccess>
        </TopToolbar>
      }
    >
      <NoticeBody />
    </Show>
  );
}
