import { useState } from 'react';
import { Button } from '@mui/material';
import PublishIcon from '@mui/icons-material/Publish';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { examApi, type ExamRecord } from '../../../common/api';
import { GenericState } from '../../../common/codes';
import { call } from '../../../common/http';
import { endpointQuery } from '../../providers/endpointQuery';

/**
 * 发布 a draft exam after a confirmation that says how many people it opens to (counted when the
 * dialog opens, so it is the audience as it is now). Publishing also enables it.
 */
export function PublishExamButton({ record }: { record: ExamRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const audience = useQuery({ ...endpointQuery(examApi.audience, { id: record.id }), enabled: open });
  const mutation = useMutation({
    // Not silent: a refusal is shown by the http client in the server's words.
    mutationFn: () => call(examApi.state, { ids: [record.id], state: GenericState.NORMAL }),
    onSuccess: () => {
      notify('examhall.exams.published', { type: 'success', messageArgs: { title: record.title } });
      refresh();
    },
    onError: () => undefined,
    onSettled: () => setOpen(false),
  });
  const count = audience.data?.count;
  const content =
    audience.isError ? translate('examhall.exams.publishCountFailed', { title: record.title })
    : count === undefined ? translate('examhall.exams.publishCounting')
    : count === 0 ? translate('examhall.exams.publishNobody', { title: record.title })
    : translate('examhall.exams.publishConfirm', { title: record.title, n: count });
  return (
    <>
      <Button size="small" color="primary" startIcon={<PublishIcon />} onClick={() => setOpen(true)}>
        {translate('examhall.exams.publish')}
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending || audience.isPending}
        title={translate('examhall.exams.publishTitle')}
        content={content}
        confirm="examhall.exams.publish"
        onConfirm={() => mutation.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
