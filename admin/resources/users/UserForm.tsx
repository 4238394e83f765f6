import { Create, Edit, maxLength, minLength, PasswordInput, RadioButtonGroupInput, required, TextInput, useRecordContext, useTranslate } from 'react-admin';
import type { UserRecord, UserSaveBody } from '../../../common/api';
import { UserState } from '../../../common/codes';
import { optionalMobileRule, passwordRule } from '../../../common/validators';
import { useRedirectAfterSave } from '../../layout/KeptViews';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { useCodeChoices } from '../shared/labels';
import { EditLoadError, FormToolbar, ResourceForm, useRecordQueryOptions } from '../shared/recordParts';
import { RoleSelectArrayInput } from '../shared/RoleSelect';
import { EMAIL_PATTERN, parseCode } from '../shared/util';

const RESOURCE = 'sys/user';

const emailRule = (v: unknown) => (v && !EMAIL_PATTERN.test(String(v)) ? 'examhall.validation.email' : undefined);
const userNameRules = [
  required('examhall.validation.userName'),
  minLength(2, 'examhall.validation.userNameLength'),
  maxLength(32, 'examhall.validation.userNameLength'),
];

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The save body from the form: the password only on create. */
function toBody(data: Record<string, unknown>, create: boolean): UserSaveBody {
  const state = Number(data.state);
  return {
    ...(data.id ? { id: String(data.id) } : {}),
    userName: text(data.userName),
    realName: text(data.realName),
    ...(create ? { password: String(data.password ?? '') } : {}),
    roleIds: Array.isArray(data.roleIds) ? data.roleIds.map(String) : [],
    deptId: text(data.deptId),
    mobile: text(data.mobile),
    email: text(data.email),
    ...(typeof data.avatar === 'string' ? { avatar: data.avatar } : {}),
    ...(UserState.has(state) ? { state } : {}),
  };
}

/** The fields of the user form; `create` adds the password and leaves the user name editable. */
export function UserFormFields({ create }: { create: boolean }) {
  const stateChoices = useCodeChoices(UserState.items);
  return (
    <>
      <TextInput source="userName" validate={userNameRules} readOnly={!create} helperText={create ? false : 'examhall.users.userNameReadOnly'} autoComplete="off" />
      <TextInput source="realName" validate={[required('examhall.validation.realName'), maxLength(32)]} />
      {create ? <PasswordInput source="password" validate={passwordRule} isRequired helperText="examhall.users.passwordHelper" autoComplete="new-password" /> : null}
      <RoleSelectArrayInput source="roleIds" validate={required('examhall.validation.roles')} />
      <DeptTreeInput source="deptId" resource={RESOURCE} />
      <TextInput source="mobile" validate={optionalMobileRule} />
      {/* Not type="email": the browser's own check speaks English; ours runs on submit. */}
      <TextInput source="email" validate={emailRule} />
      <RadioButtonGroupInput source="state" choices={stateChoices} parse={parseCode} />
    </>
  );
}

const formSx = { maxWidth: 640 };

export function UserCreate() {
  const translate = useTranslate();
  const redirect = useRedirectAfterSave();
  return (
    <Create resource={RESOURCE} title={translate('examhall.users.createTitle')} redirect={redirect} transform={(data: Record<string, unknown>) => toBody(data, true)}>
      <ResourceForm sx={formSx} defaultValues={{ state: UserState.NORMAL, roleIds: [], deptId: '' }}>
        <UserFormFields create />
      </ResourceForm>
    </Create>
  );
}

function UserEditTitle() {
  const translate = useTranslate();
  const record = useRecordContext<UserRecord>();
  return <>{translate('examhall.users.editTitle', { name: record?.realName || record?.userName || '' })}</>;
}

export function UserEdit() {
  const redirect = useRedirectAfterSave();
  const queryOptions = useRecordQueryOptions();
  return (
    <Edit
      resource={RESOURCE}
      title={<UserEditTitle />}
      redirect={redirect}
      mutationMode="pessimistic"
      queryOptions={queryOptions}
      error={<EditLoadError />}
      transform={(data: Record<string, unknown>) => toBody(data, false)}
    >
      <ResourceForm sx={formSx} toolbar={<FormToolbar deletable />}>
        <UserFormFields create={false} />
      </ResourceForm>
    </Edit>
  );
}
