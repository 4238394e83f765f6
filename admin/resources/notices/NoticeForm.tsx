import { Create, Edit, FormDataConsumer, maxLength, RadioButtonGroupInput, required, TextInput, useTranslate } from 'react-admin';
import type { NoticeSaveBody } from '../../../common/api';
import { NoticeState, NoticeTarget } from '../../../common/codes';
import { useRedirectAfterSave } from '../../layout/KeptViews';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { useCodeChoices } from '../shared/labels';
import { EditLoadError, FormToolbar, ResourceForm, useRecordQueryOptions } from '../shared/recordParts';
import { RichTextInput } from '../shared/RichTextInput';
import { parseCode } from '../shared/util';

const RESOURCE = 'sys/notice';

/** The save body: departments only travel when the notice targets departments. */
function toBody(data: Record<string, unknown>): NoticeSaveBody {
  const targetType = Number(data.targetType);
  const state = Number(data.state);
  const target = NoticeTarget.has(targetType) ? targetType : NoticeTarget.EVERYONE;
  return {
    ...(data.id ? { id: String(data.id) } : {}),
    title: typeof data.title === 'string' ? data.title.trim() : '',
    content: typeof data.content === 'string' ? data.content : '',
    state: NoticeState.has(state) ? state : NoticeState.DRAFT,
    targetType: target,
    deptIds: target === NoticeTarget.DEPARTS && Array.isArray(data.deptIds) ? data.deptIds.map(String) : [],
  };
}
const contentRule = (v: unknown) => (!v || !String(v).trim() ? 'examhall.validation.content' : undefined);
const deptsRule = (v: unknown, values: Record<string, unknown>) =>
  Number(values.targetType) === NoticeTarget.DEPARTS && (!Array.isArray(v) || v.length === 0) ? 'examhall.validation.depts' : undefined;

export function NoticeFormFields() {
  const targetChoices = useCodeChoices(NoticeTarget.items);
  const stateChoices = useCodeChoices(NoticeState.items);
  return (
    <>
      <TextInput source="title" validate={[required('examhall.validation.title'), maxLength(128)]} sx={{ maxWidth: 720 }} />
      <RichTextInput source="content" validate={contentRule} uploadKind="notice" isRequired />
      <RadioButtonGroupInput source="targetType" choices={targetChoices} parse={parseCode} />
      <FormDataConsumer>
        {({ formData }) =>
          Number(formData.targetType) === NoticeTarget.DEPARTS ? (
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
  const redirect = useRedirectAfterSave();
  return (
    <Create resource={RESOURCE} title={translate('examhall.notices.createTitle')} redirect={redirect} transform={toBody}>
      <ResourceForm defaultValues={{ title: '', content: '', targetType: NoticeTarget.EVERYONE, deptIds: [], state: NoticeState.DRAFT }}>
        <NoticeFormFields />
      </ResourceForm>
    </Create>
  );
}

export function NoticeEdit() {
  const translate = useTranslate();
  const redirect = useRedirectAfterSave();
  const queryOptions = useRecordQueryOptions();
  return (
    <Edit
      resource={RESOURCE}
      title={translate('examhall.notices.editTitle')}
      redirect={redirect}
      mutationMode="pessimistic"
      queryOptions={queryOptions}
      error={<EditLoadError />}
      transform={toBody}
    >
      <ResourceForm toolbar={<FormToolbar deletable />}>
        <NoticeFormFields />
      </ResourceForm>
    </Edit>
  );
}
