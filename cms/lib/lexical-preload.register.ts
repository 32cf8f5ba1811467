// For Payload's own CLI (`payload migrate:create`, `payload generate:importmap`), loaded with `node --import`
// before the CLI reads the config: see lexical-preload.ts.
import { preloadLexical } from './lexical-preload';

await preloadLexical();
