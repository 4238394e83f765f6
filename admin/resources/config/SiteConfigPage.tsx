import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import {
  BooleanInput,
  Form,
  maxLength,
  required,
  ResourceContextProvider,
  SaveButton,
  TextInput,
  Title,
  Toolbar,
  useCanAccess,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { ConfigSaveBody, SiteConfig } from '../../../common/api';
import { useQueryClient } from '@tanstack/react-query';
import { SITE_CONFIG_ID } from '../../../common/constants';
import { useApiQuery, useAppDataProvider } from '../shared/appData';
import { LoadingBlock } from '../shared/LoadingBlock';
import { pickBody } from '../shared/util';
import { LogoInput } from './LogoInput';
import { SITE_CONFIG_QUERY_KEY } from '../../layout/useAdminSession';

const RESOURCE = 'sys/config';
const SAVE_KEYS = ['id', 'siteName', 'frontLogo', 'backLogo', 'copyRight', 'allowRegister', 'registerReview'] as const;

function SiteConfigForm({ config }: { config: SiteConfig }) {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: 'edit' });

  const submit = async (values: Record<string, unknown>) => {
    const body = pickBody<ConfigSaveBody>(values, SAVE_KEYS);
    body.id = String(config.id ?? SITE_CONFIG_ID);
    body.allowRegister = !!values.allowRegister;
    body.registerReview = !!values.registerReview;
    try {
      const saved = await dataProvider.call<SiteConfig | null>('/api/sys/config/save', body);
      const detail = { ...config, ...body, ...(saved ?? {}) } as SiteConfig;
      notify('examhall.common.saved', { type: 'success' });
      // The shell's sidebar logo and document title read this cache: they change at once.
      queryClient.setQueryData(SITE_CONFIG_QUERY_KEY, detail);
    } catch {
      // Shown by the http client; the form keeps the values.
    }
  };

  return (
    <Form defaultValues={config} onSubmit={submit} resource={RESOURCE} disabled={!canAccess}>
      <CardContent sx={{ maxWidth: 720 }}>
        <TextInput source="siteName" validate={[required('examhall.validation.siteName'), maxLength(64)]} />
        <LogoInput source="frontLogo" helperText="examhall.config.logoHelper" />
        <LogoInput source="backLogo" helperText="examhall.config.logoHelper" />
        <TextInput source="copyRight" validate={maxLength(255)} multiline minRows={2} />
        <Divider sx={{ my: 2 }} />
        <BooleanInput source="allowRegister" helperText="examhall.config.registerHelper" />
        <BooleanInput source="registerReview" helperText="examhall.config.reviewHelper" />
      </CardContent>
      {canAccess ? (
        <Toolbar>
          <SaveButton label="examhall.common.save" />
        </Toolbar>
      ) : null}
    </Form>
  );
}

/** 站点设置 (/sys/config): the one site-settings record (id 1). */
export function SiteConfigPage() {
  const translate = useTranslate();
  const { data, isPending } = useApiQuery<SiteConfig>('/api/sys/config/detail', { id: SITE_CONFIG_ID });
  return (
    <ResourceContextProvider value={RESOURCE}>
      <Box sx={{ mt: 1 }}>
        <Title title={translate('examhall.config.title')} />
        <Card>
          {data ? (
            <SiteConfigForm config={data} />
          ) : isPending ? (
            <LoadingBlock />
          ) : (
            <Typography sx={{ p: 4 }} color="text.secondary">
              {translate('examhall.common.noData')}
            </Typography>
          )}
        </Card>
      </Box>
    </ResourceContextProvider>
  );
}
