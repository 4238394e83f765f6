import { Stack, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import type { SentMsg } from '../../../common/api';
import { formatTime } from '../../../common/format';
import { MsgTarget } from '../../../common/codes';
import { ArticleCard } from '../shared/ArticleCard';
import { useCodeLabel } from '../shared/labels';
import { ShowLoadError, useRecordQueryOptions } from '../shared/recordParts';

function MsgBody() {
  const translate = useTranslate();
  const codeLabel = useCodeLabel();
  const record = useRecordContext<SentMsg>();
  if (!record) return null;
  const field = (name: string) => translate(`resources.sys/msg.fields.${name}`);
  return (
    <ArticleCard
      title={record.title}
      meta={
        <Stack direction="row" spacing={3} flexWrap="wrap" useFlexGap sx={{ color: 'text.secondary' }}>
          <Typography variant="body2">
            {field('senderName')}：{record.senderName}
          </Typography>
          <Typography variant="body2">
            {field('targetType')}：{codeLabel(MsgTarget.items, record.targetType)}
          </Typography>
          <Typography variant="body2">
            {field('receiverCount')}：{record.receiverCount}
          </Typography>
          <Typography variant="body2">
            {field('readCount')}：{record.readCount}
          </Typography>
          <Typography variant="body2">
            {field('createTime')}：{formatTime(record.createTime)}
          </Typography>
        </Stack>
      }
    >
      <Typography sx={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>{record.content}</Typography>
    </ArticleCard>
  );
}

export function MsgShow() {
  const translate = useTranslate();
  const queryOptions = useRecordQueryOptions();
  return (
    <Show
      resource="sys/msg"
      title={translate('examhall.messages.showTitle')}
      component="div"
      queryOptions={queryOptions}
      error={<ShowLoadError />} actions={<TopToolbar><ListButton /></TopToolbar>}>
      <MsgBody />
    </Show>
  );
}
