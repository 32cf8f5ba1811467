// `npm run bench`: every benchmark, each reporting ratios against a baseline measured in the same run.
import { benchCatalog } from './catalog';

const only = process.argv[2];
if (!only || only === 'catalog') await benchCatalog();
process.exit(0);
