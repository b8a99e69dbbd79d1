/** Any path the route table does not know: HTTP 404 with the not-found page. */
import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { NOT_FOUND_TITLE, NotFoundContent } from '#app/components/site/not-found.tsx';
import { pageMeta } from '#app/components/site/seo.ts';

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: NOT_FOUND_TITLE,
    exactTitle: true,
    description: 'The page you are looking for does not exist.',
    noindex: true,
  });

export default function NotFound() {
  return <NotFoundContent />;
}
