/**
 * The CSP nonce of the current response; undefined in the browser, where it is not needed, and for
 * a page rendered for the page cache, whose inline scripts are allowed by their hashes instead.
 */
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string>('');
export const useNonce = (): string | undefined => useContext(NonceContext) || undefined;
