import { useEffect } from 'react';
import { Card, CardContent, CardHeader, Divider, Typography } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BooleanInput, Form, PasswordInput, SaveButton, SelectInput, TextInput, Toolbar, required, useCanAccess, useNotify, useTranslate } from 'react-admin';
import { roleApi } from '../../../common/api/role';
import { ssoApi, type SsoSettings, type SsoSettingsView } from '../../../common/api/sso';
import { call } from '../../../common/http';
import { LoadError } from '../shared/LoadError';
import { LoadingBlock } from '../shared/LoadingBlock';

const RESOURCE = 'sys/config';
const ssoQueryKey = ['sso-config'] as const;

const s = (v: unknown) => (typeof v === 'string' ? v : '');

/** The form's values as the save call takes them (secrets left blank keep the stored ones). */
function toBody(v: SsoSettingsView): SsoSettings {
  const { hasClientSecret: _c, ...oidc } = v.oidc;
  const { hasBindPassword: _b, ...ldap } = v.ldap;
  return { oidc: { ...oidc, clientSecret: s(oidc.clientSecret) }, ldap: { ...ldap, bindPassword: s(ldap.bindPassword) } };
}

function ResetAfterSave({ saved }: { saved: SsoSettingsView | undefined }) {
  const { reset } = useFormContext();
  useEffect(() => {
    if (saved) reset(saved);
  }, [saved, reset]);
  return null;
}

function SsoForm({ settings }: { settings: SsoSettingsView }) {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { canAccess, isPending: checking } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const roles = useQuery({ queryKey: ['role-list'], queryFn: () => call(roleApi.list, {}) });
  const save = useMutation({
    mutationFn: (body: SsoSettings) => call(ssoApi.save, body),
    onSuccess: (saved) => {
      notify('examhall.common.saved', { type: 'success' });
      queryClient.setQueryData(ssoQueryKey, saved);
    },
  });
  if (checking) return <LoadingBlock />;
  const roleChoices = (roles.data ?? []).map((r) => ({ id: r.id, name: r.roleName }));
  const callbackUrl = `${settings.oidc.publicUrl || window.location.origin}${settings.callbackPath}`;
  return (
    <Form defaultValues={settings} onSubmit={(values: Record<string, unknown>) => save.mutateAsync(toBody(values as unknown as SsoSettingsView)).catch(() => undefined)} resource={RESOURCE} disabled={!canAccess} noValidate>
      <ResetAfterSave saved={save.data} />
      <CardContent sx={{ maxWidth: 720 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('examhall.config.oidcTitle')}
        </Typography>
        <BooleanInput source="oidc.enabled" helperText={translate('examhall.config.callbackHelper', { url: callbackUrl })} />
        <TextInput source="oidc.issuer" placeholder="https://idp.example.com/realms/staff" />
        <TextInput source="oidc.clientId" />
        <PasswordInput source="oidc.clientSecret" autoComplete="new-password" helperText={settings.oidc.hasClientSecret ? 'examhall.config.secretKept' : undefined} />
        <TextInput source="oidc.scopes" validate={required()} />
        <TextInput source="oidc.nameClaim" validate={required()} placeholder="preferred_username" />
        <TextInput source="oidc.realNameClaim" />
        <TextInput source="oidc.deptClaim" helperText="examhall.config.deptHelper" />
        <SelectInput source="oidc.roleId" choices={roleChoices} isPending={roles.isPending} />
        <BooleanInput source="oidc.autoCreate" helperText="examhall.config.linkOnlyHelper" />
        <TextInput source="oidc.publicUrl" helperText="examhall.config.publicUrlHelper" />
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('examhall.config.ldapTitle')}
        </Typography>
        <BooleanInput source="ldap.enabled" helperText="examhall.config.ldapHelper" />
        <TextInput source="ldap.url" placeholder="ldaps://ldap.example.com" />
        <TextInput source="ldap.bindDn" />
        <PasswordInput source="ldap.bindPassword" autoComplete="new-password" helperText={settings.ldap.hasBindPassword ? 'examhall.config.secretKept' : undefined} />
        <TextInput source="ldap.baseDn" placeholder="ou=people,dc=example,dc=com" />
        <TextInput source="ldap.userFilter" helperText="examhall.config.filterHelper" />
        <TextInput source="ldap.nameAttr" validate={required()} />
        <TextInput source="ldap.realNameAttr" />
        <TextInput source="ldap.deptAttr" helperText="examhall.config.deptHelper" />
        <SelectInput source="ldap.roleId" choices={roleChoices} isPending={roles.isPending} />
        <BooleanInput source="ldap.autoCreate" />
      </CardContent>
      {canAccess ? (
        <Toolbar>
          <SaveButton label="examhall.common.save" alwaysEnable />
        </Toolbar>
      ) : null}
    </Form>
  );
}

/** 统一身份认证: OIDC and LDAP settings, under the site settings, saved on their own. */
export function SsoConfigSection() {
  const translate = useTranslate();
  const query = useQuery({ queryKey: ssoQueryKey, queryFn: () => call(ssoApi.detail, {}) });
  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title={translate('examhall.config.ssoTitle')} titleTypographyProps={{ variant: 'h6', component: 'h2' }} />
      {query.data ? (
        <SsoForm settings={query.data} />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <LoadingBlock />
      )}
    </Card>
  );
}
