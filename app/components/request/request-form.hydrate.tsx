/**
 * The /find-my-part form in the browser (decision 0112), loaded by request-form.island.ts after the
 * first paint: hydrates just the form the server rendered, with the props the server wrote beside
 * it. The toasts' region (Radix) loads with the first toast, the zod schema when the customer
 * starts on the form (request-form.tsx).
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { subscribeToasts } from '#app/components/ui/use-toast.ts';
import { REQUEST_FORM_ISLAND, type RequestFormProps } from './island.ts';
import { RequestForm } from './request-form.tsx';

const container = document.querySelector(`[${REQUEST_FORM_ISLAND.container}]`);
const data = document.getElementById(REQUEST_FORM_ISLAND.props);
if (container && data?.textContent) {
  const props = JSON.parse(data.textContent) as RequestFormProps;
  hydrateRoot(container, <RequestForm {...props} />);

  const stop = subscribeToasts(() => {
    stop();
    void import('#app/components/ui/toaster.tsx').then(({ Toaster }) => {
      const host = document.createElement('div');
      document.body.append(host);
      createRoot(host).render(<Toaster />);
    });
  });
}
