import { Create, FormDataConsumer, maxLength, RadioButtonGroupInput, required, SimpleForm, TextInput, Toolbar, SaveButton, useTranslate } from 'react-admin';
import SendIcon from '@mui/icons-material/Send';
import type { MsgSendBody } from '../../../common/api';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { UserPickerInput } from '../shared/UserPicker';
import { parseCode } from '../shared/util';

const RESOURCE = 'sys/msg';
const TO_USERS = 1;
const TO_DEPTS = 2;

const usersRule = (v: unknown, values: Record<string, unknown>) =>
  Number(values.targetType) === TO_USERS && (!Array.isArray(v) || v.length === 0) ? 'examhall.validation.users' : undefined;
const deptsRule = (v: unknown, values: Record<string, unknown>) =>
  Number(values.targetType) === TO_DEPTS && (!Array.isArray(v) || v.length === 0) ? 'examhall.validation.depts' : undefined;
const contentRule = (v: unknown) => (!v || !String(v).trim() ? 'examhall.validation.content' : undefined);

/** Only the recipients of the chosen target travel. */
const toBody = (data: Record<string, unknown>): MsgSendBody => {
  const targetType = Number(data.targetType) as MsgSendBody['targetType'];
  return {
    title: String(data.title ?? '').trim(),
    content: String(data.content ?? ''),
    targetType,
    ...(targetType === TO_USERS ? { userIds: data.userIds as string[] } : {}),
    ...(targetType === TO_DEPTS ? { deptIds: data.deptIds as string[] } : {}),
  };
};

/** 发送消息: create on sys/msg goes to /api/sys/msg/send (dataProviderOverrides). */
export function MsgSend() {
  const translate = useTranslate();
  const targetChoices = [1, 2, 3].map((id) => ({ id, name: translate(`examhall.labels.msgTarget.${id}`) }));
  return (
    <Create resource={RESOURCE} title={translate('examhall.messages.sendTitle')} redirect="list" transform={toBody}>
      <SimpleForm
        defaultValues={{ title: '', content: '', targetType: TO_USERS, userIds: [], deptIds: [] }}
        toolbar={
          <Toolbar>
            <SaveButton label="examhall.messages.send" icon={<SendIcon />} />
          </Toolbar>
        }
      >
        <TextInput source="title" validate={[required('examhall.validation.title'), maxLength(128)]} sx={{ maxWidth: 720 }} />
        <TextInput source="content" multiline minRows={6} validate={[contentRule, maxLength(5000)]} isRequired sx={{ maxWidth: 720 }} />
        <RadioButtonGroupInput source="targetType" choices={targetChoices} parse={parseCode} />
        <FormDataConsumer>
          {({ formData }) =>
            Number(formData.targetType) === TO_USERS ? (
              <UserPickerInput source="userIds" resource={RESOURCE} validate={usersRule} isRequired />
            ) : Number(formData.targetType) === TO_DEPTS ? (
              <DeptTreeInput source="deptIds" multiple resource={RESOURCE} validate={deptsRule} isRequired sx={{ maxWidth: 720, mb: 2 }} />
            ) : null
          }
        </FormDataConsumer>
      </SimpleForm>
    </Create>
  );
}
