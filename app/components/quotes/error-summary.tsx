/**
 * What a refused answer on the quote page says, where the customer looks (issue 48 item 4, decision
 * 0190): at the top of the form it concerns, 'There is a problem', then each message as a link to
 * its field (each field keeps its own message too). The page opens on it: it is the page's one
 * `autofocus`, which the browser honours as it loads the server's answer, so the summary is
 * focused and scrolled into view with or without JavaScript (the page ships none).
 */

export const ERROR_SUMMARY_TITLE = 'There is a problem';

export function ErrorSummary({
  id,
  refused,
  fields = {},
}: {
  /** the summary's own id: `accept-errors`, `decline-errors`, `question-errors`, `page-errors` */
  id: string;
  refused: QuoteRefusal | undefined;
  /** the id of the control each of the form's fields is typed or chosen in, by the field's name */
  fields?: Record<string, string>;
}) {
  if (!refused) return null;
  const messages = Object.entries(refused.fieldErrors).flatMap(([name, said]) =>
    said[0] ? [{ message: said[0], target: fields[name] }] : [],
  );
  if (!messages.length) messages.push({ message: refused.message, target: undefined });
  return (
    <section
      id={id}
      tabIndex={-1}
      // the page opens here, JavaScript or not (decision 0190)
      autoFocus
      aria-labelledby={`${id}-title`}
      className="mb-6 scroll-mt-24 rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-red-700/40"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {ERROR_SUMMARY_TITLE}
      </h2>
      <ul className="mt-2 space-y-1">
        {messages.map(({ message, target }) => (
          <li key={message}>
            {target ? (
              <a href={`#${target}`} className="font-medium text-red-800 underline underline-offset-2">
                {message}
              </a>
            ) : (
              <span className="font-medium">{message}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A refused answer as the page's action gives it back. */
export type QuoteRefusal = {
  intent: string;
  message: string;
  fieldErrors: Record<string, string[]>;
  fields: Record<string, FormDataEntryValue>;
};
