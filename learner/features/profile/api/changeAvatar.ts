import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, type UserInfo } from '../../../../common/api/user';
import { call } from '../../../../common/http';
import { uploadFile } from '../../../../common/services/file';
import { sessionKeys } from '../../../app/session/api';

/** Upload a new avatar image (with the upload overlay), then save it on my profile. */
export function useChangeAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ user, file }: { user: UserInfo; file: File }) => {
      const uploaded = await uploadFile(file, 'avatar');
      return call(authApi.update, { realName: user.realName, mobile: user.mobile, email: user.email, avatar: uploaded.url });
    },
    onSuccess: (updated) => queryClient.setQueriesData<UserInfo>({ queryKey: sessionKeys.meAll }, updated),
  });
}
