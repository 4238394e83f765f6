import { Create, Edit, maxLength, RadioButtonGroupInput, regex, required, SimpleForm, TextInput, useRecordContext, useTranslate } from 'react-admin';
import type { RoleRecord, RoleSaveBody } from '../../../common/api';
import { RoleType } from '../../../common/codes';
import { useCodeChoices } from '../shared/labels';
import { MenuTreeInput } from '../shared/MenuTreeCheck';
import { parseCode, pickBody } from '../shared/util';

const RESOURCE = 'sys/role';
const SAVE_KEYS = ['id', 'roleCode', 'roleName', 'roleType', 'remark', 'menuIds'] as const;
const toBody = (data: Record<string, unknown>) => pickBody<RoleSaveBody>(data, SAVE_KEYS);

export function RoleFormFields() {
  const roleTypes = useCodeChoices(RoleType.items);
  return (
    <>
      <TextInput
        source="roleCode"
        validate={[required('examhall.validation.roleCode'), maxLength(32), regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'examhall.validation.roleCodeFormat')]}
        sx={{ maxWidth: 480 }}
      />
      <TextInput source="roleName" validate={[required('examhall.validation.roleName'), maxLength(32)]} sx={{ maxWidth: 480 }} />
      <RadioButtonGroupInput source="roleType" choices={roleTypes} parse={parseCode} validate={required('examhall.validation.roleType')} />
      <TextInput source="remark" multiline minRows={2} validate={maxLength(255)} sx={{ maxWidth: 640 }} />
      <MenuTreeInput source="menuIds" />
    </>
  );
}

export function RoleCreate() {
  const translate = useTranslate();
  return (
    <Create resource={RESOURCE} title={translate('examhall.roles.createTitle')} redirect="list" transform={toBody}>
      <SimpleForm defaultValues={{ roleType: 1, menuIds: [], remark: '' }}>
        <RoleFormFields />
      </SimpleForm>
    </Create>
  );
}

function RoleEditTitle() {
  const translate = useTranslate();
  const record = useRecordContext<RoleRecord>();
  return <>{translate('examhall.roles.editTitle', { name: record?.roleName ?? '' })}</>;
}

export function RoleEdit() {
  return (
    <Edit resource={RESOURCE} title={<RoleEditTitle />} redirect="list" mutationMode="pessimistic" transform={toBody}>
      <SimpleForm>
        <RoleFormFields />
      </SimpleForm>
    </Edit>
  );
}
