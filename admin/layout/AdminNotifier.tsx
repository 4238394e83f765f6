import { useEffect } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { Notifier } from '../../common/components';
import { notify } from '../../common/http';
import { MESSAGE_DURATION } from '../../common/constants';

/**
 * One notification style in the back-office, the learner app's (top centre, with an icon):
 * react-admin's messages (保存成功, 表单填写有误…) are handed to the same Notifier the http
 * client's go to. Nothing here is undoable: every mutation is pessimistic, so a stray undoable
 * one is committed at once.
 */
export function AdminNotifier() {
  const translate = useTranslate();
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();

  useEffect(() => {
    // One at a time: taking one changes `notifications`, which runs this again for the next.
    const next = notifications.length ? takeNotification() : undefined;
    if (!next) return;
    const { message, type = 'info', notificationOptions = {} } = next;
    if (notificationOptions.undoable) takeMutation()?.({ isUndo: false });
    if (typeof message !== 'string' || !message) return;
    const text = translate(message, { _: message, ...notificationOptions.messageArgs });
    const duration = notificationOptions.autoHideDuration ?? undefined;
    if (type === 'error') notify.error(text, duration ?? MESSAGE_DURATION);
    else notify[type](text, duration);
  }, [notifications, takeNotification, takeMutation, translate]);

  return <Notifier closeText={translate('layout.mui.close')} />;
}
