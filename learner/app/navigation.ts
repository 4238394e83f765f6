/**
 * A full page load to somewhere outside this app (the admin SPA lives at /admin/). Kept in one
 * place so component tests can observe it.
 */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
