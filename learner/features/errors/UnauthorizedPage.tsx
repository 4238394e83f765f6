import { ErrorPage } from '../../components/ErrorPage';
import { paths } from '../../config/paths';

export function UnauthorizedPage() {
  return <ErrorPage code="401" message="抱歉，您没有权限访问此页面" hint="如需访问，请联系管理员开通权限。" homePath={paths.root.path} />;
}
