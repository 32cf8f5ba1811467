// `npm run images:previews`: makes the `preview` size for images uploaded before it existed (see
// services/asset-previews.ts). Safe to run on a live shop and to run again.
import { getPayload } from 'payload';
import { loadPayloadConfig } from '../lib/load-config';
import { addMissingPreviews } from '../services/asset-previews';

try {
  const payload = await getPayload({ config: await loadPayloadConfig() });
  const { made, failed } = await addMissingPreviews(payload, (line) => console.log(line));
  console.log(`Previews made: ${made}; images that could not be done: ${failed}.`);
  process.exit(failed > 0 ? 1 : 0);
} catch (err) {
  console.error(`Previews not made: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
