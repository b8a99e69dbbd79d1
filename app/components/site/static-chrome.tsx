/**
 * The site chrome (header, footer, phone bottom bar) of a page that ships no React (decision 0013)
 * is the same HTML on every such page: the server renders it once per process and site, and the
 * layout writes it into the chrome's outer elements instead of rendering some 120 elements, a dozen
 * icons and 40 links again for every request (decision 0115). Pages React hydrates render it
 * as components, so their links keep client-side navigation.
 */
import { createContext, useContext } from 'react';

/** The inner HTML of each chrome element, or null: render the components. */
export type StaticChrome = { header: string; footer: string; bottomBar: string };

export const StaticChromeContext = createContext<StaticChrome | null>(null);
export const useStaticChrome = (): StaticChrome | null => useContext(StaticChromeContext);
