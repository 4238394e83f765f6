import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useAppDataProvider } from './appData';

interface TreeActionsOptions {
  /** The ±1 move endpoint ({id, sort}). */
  sortUrl: string;
  /** The delete endpoint ({ids}). */
  deleteUrl: string;
  /** After a move or a delete went through. */
  onChanged: () => void;
}

/**
 * Move up / down and delete-after-confirmation for the entries of a tree screen. Refusals are shown
 * by the http client. The entry being deleted stays after the confirmation closes, so the closing
 * dialog keeps its text.
 */
export function useTreeActions<N extends { id: string }>({ sortUrl, deleteUrl, onChanged }: TreeActionsOptions) {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const [deleting, setDeleting] = useState<N | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const move = async (node: N, sort: -1 | 1) => {
    setBusy(true);
    try {
      await dataProvider.call(sortUrl, { id: node.id, sort });
      onChanged();
    } catch {
      // Shown by the http client.
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await dataProvider.call(deleteUrl, { ids: [deleting.id] });
      notify('examhall.common.deleted', { type: 'success' });
      onChanged();
    } catch {
      // Shown by the http client (e.g. the server refuses while something still hangs below).
    } finally {
      setConfirmOpen(false);
      setBusy(false);
    }
  };

  const askDelete = (node: N) => {
    setDeleting(node);
    setConfirmOpen(true);
  };

  /** For react-admin's <Confirm>: open, loading, confirm and close. */
  const confirmProps = {
    isOpen: confirmOpen,
    loading: busy,
    onConfirm: () => void remove(),
    onClose: () => setConfirmOpen(false),
  };

  return { busy, deleting, move, askDelete, confirmProps };
}
