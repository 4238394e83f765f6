/** Our own stored files, as the upload answers them. */
const OWN_FILE = /^\/api\/sys\/file\/get\/[A-Za-z0-9]{1,32}$/;
/** An absolute web address with nothing that could break out of an attribute. */
const WEB_URL = /^https?:\/\/[^\s"'<>\\]+$/i;

/**
 * Image addresses stored in records (avatars, site logos) and put into <img src> by the apps: our
 * own uploads (/api/sys/file/get/{id}) or an http(s) address, never script, data or relative URLs.
 */
export function isImageUrl(url: string): boolean {
  return OWN_FILE.test(url) || WEB_URL.test(url);
}
