import { v2 } from '../../lib/endpoint';
import { getPublicConfig } from '../../services/settings';

export const configEndpoints = [v2('get', '/config', async (req) => ({ result: await getPublicConfig(req.payload) }))];
