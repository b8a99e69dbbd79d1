/** `virtual:islands` (vite.config.ts): where the browser entries of islands were built (decision 0112). */
declare module 'virtual:islands' {
  type Island = {
    /** the entry's URL */
    src: string;
    /** the chunks it imports, to preload */
    imports: string[];
    /** dev only: the inline module that sets up React Fast Refresh before the entry runs */
    preamble?: string;
  };
  /** Empty in the client build: only the server renders the tags. */
  const islands: { requestForm?: Island };
  export default islands;
}
