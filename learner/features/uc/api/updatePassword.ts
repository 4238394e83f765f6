import { useMutation } from '@tanstack/react-query';
import { authApi, type UpdatePassBody } from '../../../../common/api/user';
import { call } from '../../../../common/http';

/** Change my password; this session stays signed in, the server signs out my other ones. */
export const updatePassword = (body: UpdatePassBody) => call(authApi.updatePass, body);

export const useUpdatePassword = () => useMutation({ mutationFn: updatePassword });
