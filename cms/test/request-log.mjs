// Loaded into a test server with NODE_OPTIONS=--import (storefront-loaders.test.ts): writes one line per HTTP
// request any server in the process receives, so a test can tell a page drawn in process from one that asked
// the server's own API over HTTP.
import fs from 'node:fs';
import http from 'node:http';

const file = process.env.REQUEST_LOG_FILE;
if (file) {
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function logged(event, ...args) {
    if (event === 'request') fs.appendFileSync(file, `${args[0].method} ${args[0].url}\n`);
    return emit.call(this, event, ...args);
  };
}
