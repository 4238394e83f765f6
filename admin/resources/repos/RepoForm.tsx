import { BooleanInput, Create, Edit, FormDataConsumer, maxLength, RadioButtonGroupInput, required, TextInput, useTranslate } from 'react-admin';
import type { RepoSaveBody } from '../../../common/api';
import { Audience } from '../../../common/codes';
import { useRedirectAfterSave } from '../../layout/KeptViews';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { useCodeChoices } from '../shared/labels';
import { EditLoadError, FormToolbar, ResourceForm, useRecordQueryOptions } from '../shared/recordParts';
import { UserPickerInput } from '../shared/UserPicker';
import { parseCode } from '../shared/util';
import { RepoCatalogSelect } from './RepoCatalogSelect';

const RESOURCE = 'repo/list';

/** The save body: the audience's departments or people travel only while practice is open with that audience. */
export function toRepoBody(data: Record<string, unknown>): RepoSaveBody {
  const audience = Number(data.practiceAudience);
  const aud = Audience.has(audience) ? audience : Audience.EVERYONE;
  const open = data.practiceOpen === true;
  return {
    ...(data.id ? { id: String(data.id) } : {}),
    title: String(data.title ?? '').trim(),
    catId: String(data.catId ?? ''),
    remark: String(data.remark ?? '').trim(),
    practiceOpen: open,
    practiceAudience: aud,
    departIds: open && aud === Audience.DEPARTS && Array.isArray(data.departIds) ? data.departIds.map(String) : [],
    userIds: open && aud === Audience.PEOPLE && Array.isArray(data.userIds) ? data.userIds.map(String) : [],
  };
}

const deptsRule = (v: unknown, values: Record<string, unknown>) =>
  values.practiceOpen === true && Number(values.practiceAudience) === Audience.DEPARTS && (!Array.isArray(v) || v.length === 0) ? 'examhall.validation.depts' : undefined;
const usersRule = (v: unknown, values: Record<string, unknown>) =>
  values.practiceOpen === true && Number(values.practiceAudience) === Audience.PEOPLE && (!Array.isArray(v) || v.length === 0) ? 'examhall.validation.users' : undefined;

export function RepoFormFields() {
  const audienceChoices = useCodeChoices(Audience.items);
  return (
    <>
      <TextInput source="title" validate={[required('examhall.validation.repoTitle'), maxLength(128)]} sx={{ maxWidth: 720 }} />
      <RepoCatalogSelect />
      <TextInput source="remark" multiline minRows={2} validate={maxLength(1000)} sx={{ maxWidth: 720 }} />
      <BooleanInput source="practiceOpen" helperText="examhall.repos.practiceHelper" />
      <FormDataConsumer>
        {({ formData }) =>
          formData.practiceOpen === true ? (
            <>
              <RadioButtonGroupInput source="practiceAudience" choices={audienceChoices} parse={parseCode} />
              {Number(formData.practiceAudience) === Audience.DEPARTS ? (
                <DeptTreeInput source="departIds" multiple resource={RESOURCE} validate={deptsRule} isRequired sx={{ maxWidth: 720, mb: 2 }} />
              ) : Number(formData.practiceAudience) === Audience.PEOPLE ? (
                <UserPickerInput source="userIds" resource={RESOURCE} validate={usersRule} isRequired />
              ) : null}
            </>
          ) : null
        }
      </FormDataConsumer>
    </>
  );
}

const DEFAULTS = { title: '', catId: '', remark: '', practiceOpen: false, practiceAudience: Audience.EVERYONE, departIds: [], userIds: [] };

export function RepoCreate() {
  const translate = useTranslate();
  const redirect = useRedirectAfterSave();
  return (
    <Create resource={RESOURCE} title={translate('examhall.repos.createTitle')} redirect={redirect} transform={toRepoBody}>
      <ResourceForm defaultValues={DEFAULTS}>
        <RepoFormFields />
      </ResourceForm>
    </Create>
  );
}

export function RepoEdit() {
  const translate = useTranslate();
  const redirect = useRedirectAfterSave();
  const queryOptions = useRecordQueryOptions();
  return (
    <Edit
      resource={RESOURCE}
      title={translate('examhall.repos.editTitle')}
      redirect={redirect}
      mutationMode="pessimistic"
      queryOptions={queryOptions}
      error={<EditLoadError />}
      transform={toRepoBody}
    >
      <ResourceForm toolbar={<FormToolbar deletable />}>
        <RepoFormFields />
      </ResourceForm>
    </Edit>
  );
}
