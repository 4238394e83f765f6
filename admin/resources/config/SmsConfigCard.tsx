import { Alert, Card, CardContent, CardHeader } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Form, PasswordInput, SaveButton, SelectInput, TextInput, Toolbar, useCanAccess, useNotify, useTranslate } from 'react-admin';
import { configApi, type SmsConfig, type SmsConfigSaveBody } from '../../../common/api';
import { call } from '../../../common/http';
import { siteConfigQuery } from '../../layout/useAdminSession';
import { LoadingBlock } from '../shared/LoadingBlock';

const SMS_QUERY = ['sys/config', 'sms'] as const;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function ProviderFields({ config }: { config: SmsConfig }) {
  const provider = useWatch({ name: 'provider' }) as string;
  const kept = config.hasSecret && provider === config.provider ? 'examhall.config.secretKept' : undefined;
  if (provider === 'aliyun') {
    return (
      <>
        <TextInput source="accessKeyId" />
        <PasswordInput source="accessKeySecret" helperText={kept} autoComplete="new-password" />
        <TextInput source="signName" />
        <TextInput source="templateCode" helperText="examhall.config.templateHelper" />
        <TextInput source="reviewTemplateCode" helperText="examhall.config.reviewTemplateHelper" />
      </>
    );
  }
  if (provider === 'tencent') {
    return (
      <>
        <TextInput source="secretId" />
        <PasswordInput source="secretKey" helperText={kept} autoComplete="new-password" />
        <TextInput source="sdkAppId" />
        <TextInput source="signName" />
        <TextInput source="templateId" helperText="examhall.config.templateHelper" />
        <TextInput source="reviewTemplateId" helperText="examhall.config.reviewTemplateHelper" />
        <TextInput source="region" placeholder="ap-guangzhou" />
      </>
    );
  }
  return null;
}

/** 短信服务: the SMS provider and its settings (the secret is write-only). */
export function SmsConfigCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'sys/config', action: 'edit' });
  const query = useQuery({ queryKey: SMS_QUERY, queryFn: () => call(configApi.smsDetail, {}), enabled: canAccess === true });
  const save = useMutation({
    mutationFn: (body: SmsConfigSaveBody) => call(configApi.smsSave, body),
    onSuccess: (saved) => {
      notify('examhall.common.saved', { type: 'success' });
      queryClient.setQueryData(SMS_QUERY, saved);
      // Whether SMS can be sent shows on the switches above and on the sign-in page.
      void queryClient.invalidateQueries({ queryKey: siteConfigQuery().queryKey });
    },
  });
  if (checking || !canAccess) return null;
  const config = query.data;
  return (
    <Card>
      <CardHeader title={translate('examhall.config.smsTitle')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      {!config ? (
        <LoadingBlock />
      ) : (
        <Form
          key={`${config.provider}:${config.hasSecret}`}
          defaultValues={{ ...config, accessKeySecret: '', secretKey: '' }}
          resource="sys/config"
          noValidate
          onSubmit={(v: Record<string, unknown>) =>
            save
              .mutateAsync({
                provider: text(v.provider) as SmsConfigSaveBody['provider'],
                accessKeyId: text(v.accessKeyId),
                accessKeySecret: text(v.accessKeySecret),
                signName: text(v.signName),
                templateCode: text(v.templateCode),
                reviewTemplateCode: text(v.reviewTemplateCode),
                secretId: text(v.secretId),
                secretKey: text(v.secretKey),
                sdkAppId: text(v.sdkAppId),
                templateId: text(v.templateId),
                reviewTemplateId: text(v.reviewTemplateId),
                region: text(v.region),
              })
              .catch(() => undefined)
          }
        >
          <CardContent sx={{ maxWidth: 720, pt: 0 }}>
            {config.toLog && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {translate('examhall.config.smsToLog')}
              </Alert>
            )}
            <SelectInput
              source="provider"
              emptyValue=""
              emptyText="examhall.config.providerNone"
              choices={[
                { id: 'aliyun', name: 'examhall.config.providerAliyun' },
                { id: 'tencent', name: 'examhall.config.providerTencent' },
              ]}
            />
            <ProviderFields config={config} />
          </CardContent>
          <Toolbar>
            <SaveButton label="examhall.common.save" alwaysEnable />
          </Toolbar>
        </Form>
      )}
    </Card>
  );
}
