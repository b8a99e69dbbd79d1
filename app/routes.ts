/** The route table: product.md §2, one entry per screen, plus the not-found page for anything else. */
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('find-my-part', 'routes/find-my-part.tsx'),
  route('parts-sourcing', 'routes/parts-sourcing.tsx'),
  route('quote-service', 'routes/quote-service.tsx'),
  route('logistics', 'routes/logistics.tsx'),
  route('catalog', 'routes/catalog.tsx'),
  route('catalog/:slug', 'routes/catalog-item.tsx'),
  route('mb/:city/:category', 'routes/city-category.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/:slug', 'routes/blog-post.tsx'),
  // the footer's 'Privacy Policy' and 'Terms of Service' (product.md §2 leaves their targets open; issue 17)
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('terms-of-service', 'routes/terms-of-service.tsx'),
  // the customer's private page behind the link in their texts (issue 28): never cached
  route('q/:token', 'routes/quote.tsx'),
  route('q/:token/photos/:n', 'routes/quote-photo.ts'),
  route('admin', 'routes/admin-index.tsx'),
  route('admin/login', 'routes/admin-login.tsx'),
  // the back office: its layout refuses visitors without a session (redirect to /admin/login)
  layout('routes/admin-layout.tsx', [
    // one inbox of every conversation, the open one beside the list (issue 30 item 2)
    route('admin/inbox', 'routes/admin-inbox.tsx', [route(':id', 'routes/admin-inbox-conversation.tsx')]),
    route('admin/leads', 'routes/admin-leads.tsx', [route(':id', 'routes/admin-lead-details.tsx')]),
    // customers matched by phone or e-mail, each with a page of their own (issue 30 item 1)
    route('admin/customers', 'routes/admin-customers.tsx'),
    route('admin/customers/:id', 'routes/admin-customer.tsx'),
    route('admin/orders', 'routes/admin-orders.tsx'),
    route('admin/suppliers', 'routes/admin-suppliers.tsx'),
    route('admin/insights', 'routes/admin-insights.tsx'),
    route('admin/catalog', 'routes/admin-catalog.tsx'),
    route('admin/blog', 'routes/admin-blog.tsx'),
    // each person's own account and passkeys (issue 49 items 2 and 3): everyone's
    route('admin/account', 'routes/admin-account.tsx'),
    // the owner's alone (decision 0160): staff get a 403
    route('admin/team', 'routes/admin-team.tsx'),
    route('admin/audit', 'routes/admin-audit.tsx'),
    route('admin/settings', 'routes/admin-settings.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
