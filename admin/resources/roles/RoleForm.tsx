import { Create, Edit, maxLength, RadioButtonGroupInput, regex, required, TextInput, useRecordContext, useTranslate } from 'react-admin';
import type { RoleRecord, RoleSaveBody } from '../../../common/api';
import { RoleType } from '../../../common/codes';
import { useRedirectAfterSave } from '../../layout/KeptViews';
import { useCodeChoices } from '../shared/labels';
import { MenuTreeInput } from '../shared/MenuTreeCheck';
import { EditLoadError, FormToolbar, ResourceForm, useRecordQueryOptions } from '../shared/recordParts';
import { parseCode } from '../shared/util';

const RESOURCE = 'sys/role';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function toBody(data: Record<string, unknown>): RoleSaveBody {
  const roleType = Number(data.roleType);
  return {
    ...(data.id ? { id: String(data.id) } : {}),
    roleCode: text(data.roleCode),
    roleName: text(data.roleName),
    roleType: RoleType.has(roleType) ? roleType : RoleType.LEARNER,
    remark: text(data.remark),
    menuIds: Array.isArray(data.menuIds) ? data.menuIds.map(String) : [],
  };
}

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
  const redirect = useRedirectAfterSave();
  return (
    <Create resource={RESOURCE} title={translate('examhall.roles.createTitle')} redirect={redirect} transform={toBody}>
      <ResourceForm defaultValues={{ roleType: RoleType.LEARNER, menuIds: [], remark: '' }}>
        <RoleFormFields />
      </ResourceForm>
    </Create>
  );
}

function RoleEditTitle() {
  const translate = useTranslate();
  const record = useRecordContext<RoleRecord>();
  return <>{translate('examhall.roles.editTitle', { name: record?.roleName ?? '' })}</>;
}

export function RoleEdit() {
  const redirect = useRedirectAfterSave();
  const queryOptions = useRecordQueryOptions();
  return (
    <Edit resource={RESOURCE} title={<RoleEditTitle />} redirect={redirect} mutationMode="pessimistic" queryOptions={queryOptions} error={<EditLoadError />} transform={toBody}>
      <ResourceForm toolbar={<FormToolbar deletable />}>
        <RoleFormFields />
      </ResourceForm>
    </Edit>
  );
}
