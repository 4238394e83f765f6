import { mayCall, type AccessUser } from '../../common/api/access';
import { endpointOf } from './resourceApi';

export { mayCall, type AccessUser };

export interface AccessRequest {
  resource: string;
  action: string;
}

/**
 * Pure authorization: may this user do `action` on `resource`? The answer is the server's: the
 * endpoint that performs the action (admin/providers/resourceApi.ts) and its access rule. Pairs
 * no endpoint performs are refused.
 */
export function canAccess(user: AccessUser | null | undefined, request: AccessRequest): boolean {
  if (!user) return false;
  const endpoint = endpointOf(request.resource, request.action);
  return endpoint !== undefined && mayCall(user, endpoint.access);
}
