/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when it is not the SPA's own (e.g. "https://shop.example"); empty means same origin. */
  readonly VITE_API_HOST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
