import { ErrorPage } from '../../components/ErrorPage';
import { paths } from '../../config/paths';

/** The standard 404 page: at /404, for unknown routes, and inside the web layout for pages not built yet. */
export function NotFoundPage() {
  return <ErrorPage code="404" message="抱歉，您访问的页面不存在" hint="请检查地址是否正确，或返回首页继续浏览。" homePath={paths.root.path} />;
}
