import type { ReactElement, ReactNode } from 'react';
import { BulkDeleteButton, CanAccess, CreateButton, TopToolbar, useListContext, useTranslate } from 'react-admin';

/** 删除 for the selected rows (with the delete permission), after a confirmation that says how many. */
export function BulkDeleteAction({ resource, confirmContent, confirmTitle }: { resource: string; confirmContent: string; confirmTitle?: string }) {
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  return (
    <CanAccess resource={resource} action="delete">
      <BulkDeleteButton mutationMode="pessimistic" confirmTitle={confirmTitle} confirmContent={translate(confirmContent, { smart_count: selectedIds.length })} />
    </CanAccess>
  );
}

/** A list's top bar: the create button (with the create permission), then any further buttons. */
export function ListActions({
  resource,
  createLabel = 'examhall.common.add',
  createIcon,
  children,
}: {
  resource: string;
  createLabel?: string;
  createIcon?: ReactElement;
  children?: ReactNode;
}) {
  return (
    <TopToolbar>
      <CanAccess resource={resource} action="create">
        <CreateButton label={createLabel} icon={createIcon} />
      </CanAccess>
      {children}
    </TopToolbar>
  );
}
