import { Create, Edit, FormDataConsumer, maxLength, RadioButtonGroupInput, required, SimpleForm, TextInput, useTranslate } from 'react-admin';
import type { NoticeSaveBody } from '../../../common/api';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { RichTextInput } from '../shared/RichTextInput';
import { parseCode, pickBody } from '../shared/util';

const RESOURCE = 'sys/notice';
const TARGET_DEPTS = 2;
const SAVE_KEYS = ['id', 'title', 'content', 'state', 'targetType', 'deptIds'] as const;

const toBody = (data: Record<string, unknown>) => {
  const body = pickBody<NoticeSaveBody>(data, SAVE_KEYS);
  if (body.targetType !== TARGET_DEPTS) body.deptIds = [];
  return body;
};
const contentRule = (v: unknown) => (!v || !String(v).trim() ? 'examhall.validation.content' : undefined);
const deptsRule = (v: unknown, values: Record<string, unknown>) =>
  Number(values.targetType) === TARGET_DEPTS && (!Array.isArray(v) || v.length === 0) ? 'examhall.validation.depts' : undefined;

export function NoticeFormFields() {
  const translate = useTranslate();
  const targetChoices = [1, 2].map((id) => ({ id, name: translate(`examhall.labels.noticeTarget.${id}`) }));
  const stateChoices = [0, 1].map((id) => ({ id, name: translate(`examhall.labels.noticeStateInput.${id}`) }));
  return (
    <>
      <TextInput source="title" validate={[required('examhall.validation.title'), maxLength(128)]} sx={{ maxWidth: 720 }} />
      <RichTextInput source="content" validate={contentRule} uploadKind="notice" isRequired />
      <RadioButtonGroupInput source="targetType" choices={targetChoices} parse={parseCode} />
      <FormDataConsumer>
        {({ formData }) =>
          Number(formData.targetType) === TARGET_DEPTS ? (
            <DeptTreeInput source="deptIds" multiple resource={RESOURCE} validate={deptsRule} isRequired sx={{ maxWidth: 720, mb: 2 }} />
          ) : null
        }
      </FormDataConsumer>
      <RadioButtonGroupInput source="state" choices={stateChoices} parse={parseCode} />
    </>
  );
}

export function NoticeCreate() {
  const translate = useTranslate();
  return (
    <Create resource={RESOURCE} title={translate('examhall.notices.createTitle')} redirect="list" transform={toBody}>
      <SimpleForm defaultValues={{ title: '', content: '', targetType: 1, deptIds: [], state: 0 }}>
        <NoticeFormFields />
      </SimpleForm>
    </Create>
  );
}

export function NoticeEdit() {
  const translate = useTranslate();
  return (
    <Edit resource={RESOURCE} title={translate('examhall.notices.editTitle')} redirect="list" mutationMode="pessimistic" transform={toBody}>
      <SimpleForm>
        <NoticeFormFields />
      </SimpleForm>
    </Edit>
  );
}
