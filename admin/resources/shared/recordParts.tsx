import { useContext, type ReactElement, type ReactNode } from 'react';
import { CanAccess, DeleteButton, SaveButton, SimpleForm, Toolbar, useEditContext, useNotify, useRedirect, useResourceContext, useShowContext, type SimpleFormProps } from 'react-admin';
import { ErrorCode } from '../../../common/errorCodes';
import { ApiError } from '../../../common/http';
import { InvalidFormNoticeCloser } from '../../layout/AdminNotifier';
import { UnsavedChangesTracker, useRedirectAfterSave, useView, ViewsContext } from '../../layout/KeptViews';
import { LoadError } from './LoadError';

/** 保存 (always enabled: an empty submit shows what is missing) and, when editing, 删除 after a confirmation. */
export function FormToolbar({ saveLabel, saveIcon, deletable = false }: { saveLabel?: string; saveIcon?: ReactElement; deletable?: boolean }) {
  const resource = useResourceContext() ?? '';
  const redirect = useRedirectAfterSave();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton alwaysEnable label={saveLabel} icon={saveIcon} />
      {deletable ? (
        <CanAccess resource={resource} action="delete">
          <DeleteButton mutationMode="pessimistic" redirect={redirect} />
        </CanAccess>
      ) : null}
    </Toolbar>
  );
}

/**
 * The form of a create or edit page: the browser's own (English) checks off, our validators on
 * submit, unsaved changes reported to the tab bar, 表单填写有误 closed once the errors are fixed.
 */
export function ResourceForm({ children, toolbar, ...props }: SimpleFormProps & { children: ReactNode }) {
  return (
    <SimpleForm noValidate toolbar={toolbar ?? <FormToolbar />} {...props}>
      <UnsavedChangesTracker />
      <InvalidFormNoticeCloser />
      {children}
    </SimpleForm>
  );
}

/**
 * Query options of an edit or show page. A record that is gone sends the open page back to the
 * list (react-admin's way) and quietly closes a page kept in the background; any other failure
 * (no connection, a server error) stays on the page with 重试 (EditLoadError / ShowLoadError).
 */
export function useRecordQueryOptions() {
  const view = useView();
  const views = useContext(ViewsContext);
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return {
    onError: (error: unknown) => {
      if (!(error instanceof ApiError) || error.code !== ErrorCode.NOT_FOUND) return;
      if (view && !view.active) {
        views?.close(view.path);
        return;
      }
      notify('ra.notification.item_doesnt_exist', { type: 'error' });
      redirect('list', resource);
    },
  };
}

export function EditLoadError() {
  const { error, refetch, isFetching } = useEditContext();
  return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
}

export function ShowLoadError() {
  const { error, refetch, isFetching } = useShowContext();
  return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
}
