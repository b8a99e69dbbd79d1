/**
 * The customer's private link (decision 0125): `BASE_URL/q/<token>`, the token 144 random bits in
 * 24 base64url characters. One place for its path: the route (`/q/:token`), the URLs the server
 * mints (server/db/repo/lead-links.ts), the page's own links and the log's redaction
 * (server/logger.ts) all read it here. Pure.
 */
export const LINK_PATH = '/q/';
/** What a token looks like; anything else is refused before the database is asked. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{24}$/;

/** The link's URL (absolute under `baseUrl`, or a path when it is ''). */
export const leadLinkUrl = (baseUrl: string, token: string) => `${baseUrl}${LINK_PATH}${token}`;
