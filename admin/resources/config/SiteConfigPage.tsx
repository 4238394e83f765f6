import { useEffect } from 'react';
import { Card, CardContent, Divider } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BooleanInput, Form, maxLength, maxValue, minValue, NumberInput, required, ResourceContextProvider, SaveButton, TextInput, Toolbar, useCanAccess, useNotify } from 'react-admin';
import { configApi, FACE_THRESHOLD_RANGE, type ConfigSaveBody, type SiteConfig } from '../../../common/api';
import { call } from '../../../common/http';
import { InvalidFormNoticeCloser } from '../../layout/AdminNotifier';
import { UnsavedChangesTracker } from '../../layout/KeptViews';
import { siteConfigQuery } from '../../layout/useAdminSession';
import { LoadError } from '../shared/LoadError';
import { LoadingBlock } from '../shared/LoadingBlock';
import { LogoInput } from './LogoInput';
import { SmsConfigCard } from './SmsConfigCard';
import { SsoConfigSection } from './SsoConfigSection';

const RESOURCE = 'sys/config';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function toBody(config: SiteConfig, values: Record<string, unknown>): ConfigSaveBody {
  return {
    id: config.id,
    siteName: text(values.siteName),
    frontLogo: text(values.frontLogo),
    backLogo: text(values.backLogo),
    copyRight: text(values.copyRight),
    allowRegister: Boolean(values.allowRegister),
    registerReview: Boolean(values.registerReview),
    loginPassword: Boolean(values.loginPassword),
    loginSms: Boolean(values.loginSms),
    resetSms: Boolean(values.resetSms),
    resetEmail: Boolean(values.resetEmail),
    loginFace: Boolean(values.loginFace),
    faceKeepPhoto: Boolean(values.faceKeepPhoto),
    faceThreshold: Number(values.faceThreshold),
    faceLiveness: Number(values.faceLiveness),
  };
}

/** After a save the saved values are the form's new starting point (nothing left unsaved). */
function ResetAfterSave({ saved }: { saved: SiteConfig | undefined }) {
  const { reset } = useFormContext();
  useEffect(() => {
    if (saved) reset(saved);
  }, [saved, reset]);
  return null;
}

function SiteConfigForm({ config }: { config: SiteConfig }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAccess, isPending: checking } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const save = useMutation({
    mutationFn: (body: ConfigSaveBody) => call(configApi.save, body),
    onSuccess: (saved) => {
      notify('examhall.common.saved', { type: 'success' });
      // The shell's sidebar logo and document title read the same query: they change at once.
      queryClient.setQueryData(siteConfigQuery().queryKey, saved);
    },
  });

  // The form is created read-only or not: wait for the answer.
  if (checking) return <LoadingBlock />;
  return (
    <Form defaultValues={config} onSubmit={(values: Record<string, unknown>) => save.mutateAsync(toBody(config, values)).catch(() => undefined)} resource={RESOURCE} disabled={!canAccess} noValidate>
      <UnsavedChangesTracker />
      <InvalidFormNoticeCloser />
      <ResetAfterSave saved={save.data} />
      <CardContent sx={{ maxWidth: 720 }}>
        <TextInput source="siteName" validate={[required('examhall.validation.siteName'), maxLength(64)]} />
        <LogoInput source="frontLogo" helperText="examhall.config.logoHelper" />
        <LogoInput source="backLogo" helperText="examhall.config.logoHelper" />
        <TextInput source="copyRight" validate={maxLength(255)} multiline minRows={2} />
        <Divider sx={{ my: 2 }} />
        <BooleanInput source="allowRegister" helperText="examhall.config.registerHelper" />
        <BooleanInput source="registerReview" helperText="examhall.config.reviewHelper" />
        <Divider sx={{ my: 2 }} />
        <BooleanInput source="loginPassword" helperText="examhall.config.passwordHelper" />
        <BooleanInput source="loginSms" helperText={config.smsReady ? 'examhall.config.smsHelper' : 'examhall.config.smsNotReady'} />
        <BooleanInput source="resetSms" helperText={config.smsReady ? 'examhall.config.resetSmsHelper' : 'examhall.config.smsNotReady'} />
        <BooleanInput source="resetEmail" helperText={config.mailReady ? 'examhall.config.resetEmailHelper' : 'examhall.config.mailNotReady'} />
        <Divider sx={{ my: 2 }} />
        <BooleanInput source="loginFace" helperText="examhall.config.faceHelper" />
        <BooleanInput source="faceKeepPhoto" helperText="examhall.config.keepPhotoHelper" />
        <NumberInput source="faceThreshold" min={FACE_THRESHOLD_RANGE[0]} max={FACE_THRESHOLD_RANGE[1]} step={1} validate={[required(), minValue(FACE_THRESHOLD_RANGE[0]), maxValue(FACE_THRESHOLD_RANGE[1])]} helperText="examhall.config.thresholdHelper" />
        <NumberInput source="faceLiveness" min={0} max={99} step={1} validate={[required(), minValue(0), maxValue(99)]} helperText="examhall.config.livenessHelper" />
      </CardContent>
      {canAccess ? (
        <Toolbar>
          <SaveButton label="examhall.common.save" alwaysEnable />
        </Toolbar>
      ) : null}
    </Form>
  );
}

/** 站点设置 (/sys/config): the one site-settings record (id 1). */
export function SiteConfigPage() {
  const query = useQuery(siteConfigQuery());
  return (
    <ResourceContextProvider value={RESOURCE}>
      <Card sx={{ mb: 2 }}>
        {query.data ? (
          <SiteConfigForm config={query.data} />
        ) : query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : (
          <LoadingBlock />
        )}
      </Card>
      <SmsConfigCard />
      <SsoConfigSection />
    </ResourceContextProvider>
  );
}
