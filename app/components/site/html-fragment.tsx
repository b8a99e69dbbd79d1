/**
 * A piece of a page without React (decision 0013) that is a pure function of its props, rendered
 * to HTML once and then written into its outer element as it is (decision 0121). The catalog's 24
 * cards were a third of the elements React walked for every `/catalog` rendered per request.
 *
 * The memo is keyed by the component and its props as JSON, so it can never serve stale HTML:
 * changed props are another key. It is bounded in bytes, like the page cache. The component must
 * read nothing but its props: outside the page it has no router (a hook that needs one throws) and
 * only the contexts every page without React shares (its links render as plain anchors). Pages React
 * renders (hydrated pages, the browser) render the component in place, as usual.
 *
 * The memo itself is app/fragment-memo.server.tsx, which app/entry.server.tsx provides, so the
 * renderer never reaches a browser bundle.
 */
import { createContext, useContext, type ComponentType } from 'react';

/** The HTML of `Component` with `props`, from the memo or rendered now. */
export type FragmentMemo = <P extends object>(Component: ComponentType<P>, props: P) => string;

export const FragmentMemoContext = createContext<FragmentMemo | null>(null);

type Props<P extends object> = Omit<
  React.HTMLAttributes<HTMLElement>,
  'children' | 'dangerouslySetInnerHTML'
> & {
  /** The outer element, which stays React's (with the other attributes given here). */
  as: 'li' | 'ul' | 'div' | 'section';
  component: ComponentType<P>;
  props: P;
};

export function HtmlFragment<P extends object>({
  as: Tag,
  component: Component,
  props,
  ...attributes
}: Props<P>) {
  const memo = useContext(FragmentMemoContext);
  if (!memo) {
    return (
      <Tag {...attributes}>
        <Component {...props} />
      </Tag>
    );
  }
  return <Tag {...attributes} dangerouslySetInnerHTML={{ __html: memo(Component, props) }} />;
}
