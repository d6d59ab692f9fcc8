/// <reference types="vite/client" />
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Host name of production, where developer pages (style guide) are hidden. */
  readonly VITE_PRODUCTION_HOST?: string;
}
