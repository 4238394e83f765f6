import {
  Create,
  Edit,
  maxLength,
  minLength,
  PasswordInput,
  RadioButtonGroupInput,
  required,
  SimpleForm,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { UserRecord, UserSaveBody } from '../../../common/api';
import { UserState } from '../../../common/codes';
import { optionalMobileRule, passwordRule } from '../../../common/validators';
import { DeptTreeInput } from '../shared/DeptTreeSelect';
import { useCodeChoices } from '../shared/labels';
import { RoleSelectArrayInput } from '../shared/RoleSelect';
import { EMAIL_PATTERN, parseCode, pickBody } from '../shared/util';

const RESOURCE = 'sys/user';
const SAVE_KEYS = ['id', 'userName', 'realName', 'password', 'roleIds', 'deptId', 'mobile', 'email', 'avatar', 'state'] as const;

const emailRule = (v: unknown) => (v && !EMAIL_PATTERN.test(String(v)) ? 'examhall.validation.email' : undefined);
const userNameRules = [
  required('examhall.validation.userName'),
  minLength(2, 'examhall.validation.userNameLength'),
  maxLength(32, 'examhall.validation.userNameLength'),
];

/** The fields of the user form; `create` adds the password and leaves the user name editable. */
export function UserFormFields({ create }: { create: boolean }) {
  const stateChoices = useCodeChoices(UserState.items);
  return (
    <>
      <TextInput
        source="userName"
        validate={userNameRules}
        readOnly={!create}
        helperText={create ? false : 'examhall.users.userNameReadOnly'}
        autoComplete="off"
      />
      <TextInput source="realName" validate={[required('examhall.validation.realName'), maxLength(32)]} />
      {create ? (
        <PasswordInput source="password" validate={passwordRule} isRequired helperText="examhall.users.passwordHelper" autoComplete="new-password" />
      ) : null}
      <RoleSelectArrayInput source="roleIds" validate={required('examhall.validation.roles')} />
      <DeptTreeInput source="deptId" resource={RESOURCE} />
      <TextInput source="mobile" validate={optionalMobileRule} />
      <TextInput source="email" type="email" validate={emailRule} />
      <RadioButtonGroupInput source="state" choices={stateChoices} parse={parseCode} />
    </>
  );
}

const formSx = { maxWidth: 640 };
const toBody = (data: Record<string, unknown>) => pickBody<UserSaveBody>(data, SAVE_KEYS);

export function UserCreate() {
  const translate = useTranslate();
  return (
    <Create resource={RESOURCE} title={translate('examhall.users.createTitle')} redirect="list" transform={toBody}>
      <SimpleForm sx={formSx} defaultValues={{ state: 0, roleIds: [], deptId: '' }}>
        <UserFormFields create />
      </SimpleForm>
    </Create>
  );
}

function UserEditTitle() {
  const translate = useTranslate();
  const record = useRecordContext<UserRecord>();
  return <>{translate('examhall.users.editTitle', { name: record?.realName || record?.userName || '' })}</>;
}

export function UserEdit() {
  return (
    <Edit
      resource={RESOURCE}
      title={<UserEditTitle />}
      redirect="list"
      mutationMode="pessimistic"
      transform={(data: Record<string, unknown>) => {
        const { password: _password, ...rest } = toBody(data);
        return rest;
      }}
    >
      <SimpleForm sx={formSx}>
        <UserFormFields create={false} />
      </SimpleForm>
    </Edit>
  );
}
