import { useMemo } from 'react';
import { Route } from 'react-router-dom';
import { Admin, CustomRoutes, Navigate, Resource, localStorageStore, type DataProvider, type I18nProvider, type Store } from 'react-admin';
import { customRoutes as defaultCustomRoutes, resourceCatalogues, resources as defaultResources, type ResourceDef } from '../resources';
import { Dashboard } from '../dashboard/Dashboard';
import { AdminLayout } from '../layout/AdminLayout';
import { AdminNotifier } from '../layout/AdminNotifier';
import { NotFoundPage } from '../layout/NotFoundPage';
import { LayoutPreferencesProvider, useLayoutPreferences } from '../layout/preferences';
import { createAuthProvider, type AppAuthProvider } from '../providers/authProvider';
import { createDataProvider } from '../providers/dataProvider';
import { createI18nProvider } from '../providers/i18nProvider';
import { createAdminTheme } from '../theme';

export interface AdminAppProps {
  dataProvider?: DataProvider;
  authProvider?: AppAuthProvider;
  i18nProvider?: I18nProvider;
  store?: Store;
  resources?: ResourceDef[];
  customRoutes?: Array<{ path: string; element: React.ReactElement }>;
}

// Production defaults, built once; tests pass their own.
let defaults: Required<Pick<AdminAppProps, 'dataProvider' | 'authProvider' | 'i18nProvider' | 'store'>> | null = null;
function productionDefaults() {
  defaults ??= {
    dataProvider: createDataProvider(),
    authProvider: createAuthProvider(),
    i18nProvider: createI18nProvider(resourceCatalogues),
    // List filters, sort and page are kept per resource here, so a visited list comes back as it was left.
    store: localStorageStore(undefined, 'examhall-admin'),
  };
  return defaults;
}


/** `/` is the dashboard's address too. */
const HomeRedirect = () => <Navigate to="/dashboard" replace />;

function AdminRoot({ dataProvider, authProvider, i18nProvider, store, resources = defaultResources, customRoutes = defaultCustomRoutes }: AdminAppProps) {
  const fallback = dataProvider && authProvider && i18nProvider && store ? null : productionDefaults();
  const { settings, size } = useLayoutPreferences();
  const lightTheme = useMemo(() => createAdminTheme({ mode: 'light', primary: settings.themeColor, size }), [settings.themeColor, size]);
  const darkTheme = useMemo(() => createAdminTheme({ mode: 'dark', primary: settings.themeColor, size }), [settings.themeColor, size]);

  return (
    <Admin
      dataProvider={dataProvider ?? fallback!.dataProvider}
      authProvider={authProvider ?? fallback!.authProvider}
      i18nProvider={i18nProvider ?? fallback!.i18nProvider}
      store={store ?? fallback!.store}
      layout={AdminLayout}
      dashboard={HomeRedirect}
      notification={AdminNotifier}
      catchAll={NotFoundPage}
      theme={lightTheme}
      darkTheme={darkTheme}
      defaultTheme="light"
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      {resources.map((def) => (
        <Resource key={def.name} {...def} />
      ))}
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
        {customRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={route.element} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}

/** The back-office root: react-admin with our providers (production defaults unless given), layout and theme. */
export function AdminApp(props: AdminAppProps) {
  return (
    <LayoutPreferencesProvider>
      <AdminRoot {...props} />
    </LayoutPreferencesProvider>
  );
}
