/** The CSP nonce of the current response; empty in the browser, where it is not needed. */
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string>('');
export const useNonce = () => useContext(NonceContext);
