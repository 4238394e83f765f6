import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorCode } from '../../common/errorCodes';
import { ApiError } from '../../common/http';
import { EmptyState } from './EmptyState';
import { LoadError, loadErrorText } from './LoadError';
import { LoadingScreen } from './LoadingScreen';

/**
 * The four states of a server read, the same on every learner screen: first load (spinner), failed
 * with nothing to show (LoadError with 重试), failed while older data is on screen (the data with
 * a warning above it), and loaded (`children(data)`; the screen decides what "empty" looks like).
 * A record the server says does not exist is not a failure to retry: it shows the server's text.
 */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const retry = () => void query.refetch();
  if (query.data === undefined) {
    if (query.error instanceof ApiError && query.error.code === ErrorCode.NOT_FOUND) return <EmptyState text={query.error.message} />;
    if (query.isError) return <LoadError error={query.error} onRetry={retry} retrying={query.isFetching} />;
    return <LoadingScreen />;
  }
  return (
    <>
      {query.isError && !query.isFetching && (
        <Alert
          severity="warning"
          sx={{ borderRadius: 0 }}
          action={
            <Button color="inherit" size="small" onClick={retry}>
              重试
            </Button>
          }
        >
          刷新失败：{loadErrorText(query.error)}
        </Alert>
      )}
      {children(query.data)}
    </>
  );
}
