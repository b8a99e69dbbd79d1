/** `virtual:islands` (vite.config.ts): where the browser modules of islands were built (decisions 0112, 0116). */
declare module 'virtual:islands' {
  type Island = {
    /** the entry's URL: a single file, loaded with the page */
    src: string;
    /** the URL of the module that hydrates the island, imported by the entry when wanted */
    hydrate: string;
    /** the chunks the hydrating module imports, preloaded with it */
    preload: string[];
    /** dev only: the inline module that sets up React Fast Refresh before the entry runs */
    preamble?: string;
  };
  /** Empty in the client build: only the server renders the tags. */
  const islands: { requestForm?: Island };
  export default islands;
}
