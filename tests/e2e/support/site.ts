/** Facts of the site under test, as docs/product.md and the demo defaults state them. Pure constants. */

/** Demo phone number (README.md Configuration default SITE_PHONE) and the sms: link every text button uses */
export const DEMO_PHONE = '+12045550147';
export const SMS_HREF = `sms:${DEMO_PHONE}`;
/** Demo site name (README.md Configuration default SITE_NAME) */
export const SITE_NAME = 'Parts Hunters MB';
/** The admin password global setup starts the server with */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password-123';
