import { Create, FormDataConsumer, maxLength, RadioButtonGroupInput, required, TextInput, useNotify, useRedirect, useTranslate } from 'react-admin';
import SendIcon from '@mui/icons-material/Send';
import type { MsgSendBody } from '../../../common/api';
import { MsgTarget } from '../../../common/codes';
import { useRedirectAfterSave } from '../../layout/KeptViews';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { useCodeChoices } from '../shared/labels';
import { FormToolbar, ResourceForm } from '../shared/recordParts';
import { UserPickerInput } from '../shared/UserPicker';
import { parseCode } from '../shared/util';

const RESOURCE = 'sys/msg';

const usersRule = (v: unknown, values: Record<string, unknown>) =>
  Number(values.targetType) === MsgTarget.USERS && (!Array.isArray(v) || v.length === 0) ? 'examhall.validation.users' : undefined;
const deptsRule = (v: unknown, values: Record<string, unknown>) =>
  Number(values.targetType) === MsgTarget.DEPARTS && (!Array.isArray(v) || v.length === 0) ? 'examhall.validation.depts' : undefined;
const contentRule = (v: unknown) => (!v || !String(v).trim() ? 'examhall.validation.content' : undefined);

const ids = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

/** Only the recipients of the chosen target travel. */
const toBody = (data: Record<string, unknown>): MsgSendBody => {
  const chosen = Number(data.targetType);
  const targetType = MsgTarget.has(chosen) ? chosen : MsgTarget.USERS;
  return {
    title: String(data.title ?? '').trim(),
    content: String(data.content ?? ''),
    targetType,
    ...(targetType === MsgTarget.USERS ? { userIds: ids(data.userIds) } : {}),
    ...(targetType === MsgTarget.DEPARTS ? { deptIds: ids(data.deptIds) } : {}),
  };
};

/** 发送消息: create on sys/msg sends through msgApi.send and says 发送成功. */
export function MsgSend() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const leave = useRedirectAfterSave();
  const targetChoices = useCodeChoices(MsgTarget.items);
  return (
    <Create
      resource={RESOURCE}
      title={translate('examhall.messages.sendTitle')}
      transform={toBody}
      mutationOptions={{
        onSuccess: () => {
          notify('examhall.messages.sent', { type: 'success' });
          redirect(leave(RESOURCE));
        },
      }}
    >
      <ResourceForm
        defaultValues={{ title: '', content: '', targetType: MsgTarget.USERS, userIds: [], deptIds: [] }}
        toolbar={<FormToolbar saveLabel="examhall.messages.send" saveIcon={<SendIcon />} />}
      >
        <TextInput source="title" validate={[required('examhall.validation.title'), maxLength(128)]} sx={{ maxWidth: 720 }} />
        <TextInput source="content" multiline minRows={6} validate={[contentRule, maxLength(5000)]} isRequired sx={{ maxWidth: 720 }} />
        <RadioButtonGroupInput source="targetType" choices={targetChoices} parse={parseCode} />
        <FormDataConsumer>
          {({ formData }) =>
            Number(formData.targetType) === MsgTarget.USERS ? (
              <UserPickerInput source="userIds" resource={RESOURCE} validate={usersRule} isRequired />
            ) : Number(formData.targetType) === MsgTarget.DEPARTS ? (
              <DeptTreeInput source="deptIds" multiple resource={RESOURCE} validate={deptsRule} isRequired sx={{ maxWidth: 720, mb: 2 }} />
            ) : null
          }
        </FormDataConsumer>
      </ResourceForm>
    </Create>
  );
}
