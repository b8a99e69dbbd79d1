/**
 * A customer's phone browser, as tests that open a customer's page send it: a program's user agent
 * (Node's fetch, HeadlessChrome, a link preview) opens a quote page without counting a view
 * (decision 0173).
 */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
