import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { faceApi, type FaceEnrolBody, type FaceLoginBody } from '../../../common/api/face';
import { call } from '../../../common/http';

const statusKey = ['face', 'status'] as const;

export const useFaceStatus = () => useQuery({ queryKey: statusKey, queryFn: () => call(faceApi.status, {}) });

export function useFaceEnrol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FaceEnrolBody) => call(faceApi.enrol, body),
    onSuccess: (status) => queryClient.setQueryData(statusKey, status),
  });
}

export function useFaceDelete() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => call(faceApi.remove, {}), onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }) });
}

export const useFaceLogin = () => useMutation({ mutationFn: (body: FaceLoginBody) => call(faceApi.login, body) });
