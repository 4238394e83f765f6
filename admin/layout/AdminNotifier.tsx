import { useEffect } from 'react';
import { useFormState } from 'react-hook-form';
import { useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { Notifier } from '../../common/components';
import { dismissNotify, notify } from '../../common/http';
import { MESSAGE_DURATION } from '../../common/constants';

/** react-admin's "the form has errors" message, raised when 保存 is pressed on an invalid form. */
const INVALID_FORM = 'ra.message.invalid_form';

/**
 * The 表单填写有误，请检查 messages on screen. One app has one notifier, so one set: a form that
 * becomes valid, or a save that succeeds, closes them, and the next one replaces them.
 */
const invalidFormNotices = new Set<number>();

/** Closes every 表单填写有误 message still on screen (the form it spoke of is now fine). */
export function closeInvalidFormNotices(): void {
  invalidFormNotices.forEach(dismissNotify);
  invalidFormNotices.clear();
}

/**
 * One notification style in the back-office, the learner app's (top centre, with an icon):
 * react-admin's messages (保存成功, 表单填写有误…) are handed to the same Notifier the http
 * client's go to. Nothing here is undoable: every mutation is pessimistic, so a stray undoable
 * one is committed at once. A confirmation (保存成功, 已新增…) closes any 表单填写有误 still shown.
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
    if (type === 'success' || type === 'info' || message === INVALID_FORM) closeInvalidFormNotices();
    if (type === 'error') {
      const id = notify.error(text, duration ?? MESSAGE_DURATION);
      if (message === INVALID_FORM) invalidFormNotices.add(id);
    } else notify[type](text, duration);
  }, [notifications, takeNotification, takeMutation, translate]);

  return <Notifier closeText={translate('layout.mui.close')} />;
}

/**
 * Inside a form: once the errors that made 保存 say 表单填写有误 are all corrected, the message
 * closes (it no longer describes the form).
 */
export function InvalidFormNoticeCloser() {
  const { errors, submitCount } = useFormState();
  const valid = Object.keys(errors).length === 0;
  useEffect(() => {
    if (submitCount > 0 && valid) closeInvalidFormNotices();
  }, [submitCount, valid]);
  return null;
}
